"""Figure ocs-goodput-vs-delay: goodput of ocs-reconfiguration against the reconfiguration
delay, under the Drop and Drain policies, with the analytic expectations of the model.

Four hosts on a 4-port OCS each send 250 Mbit/s of constant-rate UDP (1 Gbit/s offered in
total); the switch swaps the two circuit pairs every 0.25 s during 1 s of traffic, i.e. 3
reconfigurations, each dark for the reconfiguration delay d.

* Drop: every datagram sent into a dark window is lost (the hosts keep transmitting), so
  goodput = offered x (1 - n d / T), n reconfigurations, T the duration.
* Drain: the switch pauses the hosts for the dark window and their datagrams wait in the
  device transmit queue (--queueSize packets) and the queue disc in front of it. Nothing is
  lost while one dark window's datagrams, rate x d / (8 x packetSize) per host, fit there;
  beyond, the surplus of every window is lost.

The program is deterministic (constant-rate sources, no random variable), hence one seed.
Runs take about 1.5 s of CPU each: 14 runs, about 20 s for the whole figure.
"""

import math

from . import Figure, Point, Reference

SOURCE = "analytic (this module's model: doc/optical.rst)"

# Packets the queue disc in front of each host's device holds. Ipv4AddressHelper installs
# ns-3's default root queue disc, FqCoDelQueueDisc, whose MaxSize is 10240 packets (ns-3.37;
# PfifoFastQueueDisc, the default of older releases, holds 1000). A run that sets the
# attribute records it, and that value is used instead.
QUEUE_DISC_ATTRIBUTE = "ns3::FqCoDelQueueDisc::MaxSize"
QUEUE_DISC_DEFAULT = "10240p"

DROP_ANALYTIC = r"Drop, analytic: offered $\times\,(1 - n\,d\,/\,T)$"
DRAIN_ANALYTIC = "Drain, analytic: no loss while the queues hold a dark window"

DELAYS = ["1e-6", "1e-5", "1e-4", "1e-3", "1e-2", "3e-2", "1e-1"]


def drop_goodput(point):
    """Analytic goodput (Gbit/s) under Drop: offered x (1 - n d / T)."""
    n = point.value("reconfigurations")
    d = point.number("reconfigDelay")
    T = point.number("duration")
    return point.value("offered-gbps") * (1.0 - n * d / T)


def drain_capacity(point):
    """Datagrams a host holds while paused: device queue + queue disc."""
    qdisc = point.params.get(QUEUE_DISC_ATTRIBUTE, QUEUE_DISC_DEFAULT)
    return point.number("queueSize") + float(qdisc.rstrip("p"))


def drain_goodput(point):
    """Analytic goodput (Gbit/s) under Drain: offered while one dark window's datagrams,
    rate x d / (8 x packetSize) per host, fit in the queues; else the surplus of each of the
    n windows is lost."""
    rate = point.rate("rate")
    size = point.number("packetSize")
    backlog = rate * point.number("reconfigDelay") / (8.0 * size)
    surplus = max(0.0, backlog - drain_capacity(point))
    n = point.value("reconfigurations")
    T = point.number("duration")
    return point.value("offered-gbps") * (1.0 - n * surplus * 8.0 * size / (rate * T))


def _delay_text(value):
    """Return '1 ms', '10 ms', '100 us' for a delay in seconds (text)."""
    seconds = float(value)
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "us")):
        if seconds >= scale:
            return "%g %s" % (seconds / scale, unit)
    return "%g s" % seconds


def _reference(delay, policy, expected):
    """The comparison of the goodput at one delay under one policy."""
    return Reference(label="goodput at %s, %s" % (_delay_text(delay), policy),
                     unit="Gbit/s", source=SOURCE, expected=expected,
                     at={"reconfigDelay": delay, "policy": policy}, rel_tol=0.01)


def _at_delay(point, delay):
    """Return `point` with its delay replaced by `delay` (s): to evaluate the analytic
    expressions between grid points, with the run counts of `point`."""
    values = dict(point.values, reconfigDelay=repr(delay))
    return Point(values, point.params, point.metrics, point.run_ids, point.rng_runs)


def decorate(ax, data):
    """Offered load (dashed) and the analytic expectations as lines, dense in d (each
    evaluated with the run counts of the nearest simulated delay)."""
    offered = [p.value("offered-gbps") for p in data.points]
    ax.axhline(sum(offered) / len(offered), color="0.45", linestyle="--", linewidth=1.0,
               label="Offered load", zorder=1)
    for policy, expected, color, style, label in (
            ("drop", drop_goodput, "C0", "-",
             r"Drop, analytic: offered $\times\,(1 - n\,d\,/\,T)$"),
            ("drain", drain_goodput, "C1", "-.",
             DRAIN_ANALYTIC)):
        points = [p for p in data.points if p.values["policy"] == policy]
        if not points:
            continue
        delays = sorted(p.number("reconfigDelay") for p in points)
        low, high, steps = delays[0], delays[-1], 240
        dense = [low * (high / low) ** (i / steps) for i in range(steps + 1)]
        values = []
        for d in dense:
            nearest = min(points, key=lambda p: abs(math.log(p.number("reconfigDelay") / d)))
            values.append(expected(_at_delay(nearest, d)))
        ax.plot(dense, values, color=color, linestyle=style, linewidth=1.1, label=label,
                zorder=2)
    ax.set_ylim(bottom=0, top=max(offered) * 1.12)


FIGURE = Figure(
    id="ocs-goodput-vs-delay",
    description="OCS goodput against reconfiguration delay (1 us to 100 ms), Drop vs Drain "
                "(ocs-reconfiguration)",
    program="ocs-reconfiguration",
    grid={"reconfigDelay": DELAYS, "policy": ["drop", "drain"]},
    fixed={"duration": "1", "period": "0.25", "rate": "250Mbps"},
    runs=1,
    x="reconfigDelay",
    metric="goodput-gbps",
    series_labels={"drop": "Drop, simulation", "drain": "Drain, simulation"},
    styles={"Drop, simulation": {"marker": "o", "color": "C0", "linestyle": "none",
                                 "markersize": 4.5},
            "Drain, simulation": {"marker": "s", "color": "C1", "linestyle": "none",
                                  "markerfacecolor": "none", "markeredgewidth": 1.2,
                                  "markersize": 6.5}},
    title="Goodput of an OCS against its reconfiguration delay",
    subtitle="4 hosts \u00d7 250 Mbit/s of UDP; a reconfiguration every 0.25 s during "
             "T = 1 s (n = 3)",
    xlabel="Reconfiguration delay d (s)",
    ylabel="Delivered goodput (Gbit/s)",
    xscale="log",
    legend_loc="lower left",
    legend_order=["Drop, simulation", DROP_ANALYTIC, "Drain, simulation", DRAIN_ANALYTIC,
                  "Offered load"],
    decorate=decorate,
    references=[_reference(d, "drop", drop_goodput) for d in ("1e-3", "1e-2", "1e-1")]
    + [_reference(d, "drain", drain_goodput) for d in ("1e-3", "1e-2", "1e-1")],
)
