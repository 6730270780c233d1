"""Figures roce-ocs-reaction-time and roce-ocs-reaction-retransmissions: a ring all-reduce on
a RoCEv2 leaf-spine whose spines are optical circuit switches, across one reconfiguration, when
the changing circuits' traffic is dropped, paused or drained, against the dark time.

roce-fabric --scenario=ocs-allreduce: 8 hosts, 2 per ToR, 2 spine OCSes (2 uplinks per ToR),
100 Gb/s links of 1 us, MTU 1500, DCQCN; a 1 MB ring all-reduce starts at 0 and both spines
rotate their circuits at 100 us. Routes hold through the dark time and follow the new circuits
when they are lit (--ocsRoutes=when-lit), so that the three reactions differ only in what
happens to the traffic of a dark port:
- drop: the frames sent into the dark are lost (go-back-N: a NACK when later frames arrive, the
  10 ms retransmission timer when none do);
- pause: the ToR ports of the changing circuits stop (PFC-like, every priority) from the instant
  they go dark until the new circuits are lit (the frames already on the fibre are lost);
- drain: the switch holds the endpoints of the changing ports, switches once the frames on the
  wire have arrived, and releases them when lit (nothing is lost).

There is no published curve for this comparison (none of the RDMA simulators with an OCS
models a pause or a drain across a reconfiguration); the dashed line is the closed form of the
all-reduce without a reconfiguration, its bytes at line rate: 2 (N - 1) / N S, in frames of
1,460 payload bytes and 1,502 on the wire, at 100 Gb/s (151 us; the run without a
reconfiguration takes 198 us, the rest being the 14 steps' latencies).
"""

from . import Figure

_HOSTS = 8
_BYTES = 1 << 20
_RATE = 100e9
_LINE_RATE_US = 2 * (_HOSTS - 1) / _HOSTS * _BYTES * 1502 / 1460 * 8 / _RATE * 1e6


def _line_rate(ax, data):
    """The all-reduce's bytes at line rate, without a reconfiguration."""
    ax.axhline(_LINE_RATE_US, linestyle="--", color="grey", linewidth=1)
    ax.text(0.02, 0.02, "dashed: no reconfiguration, bytes at line rate (closed form, "
            f"{_LINE_RATE_US:.0f} us)", transform=ax.transAxes, fontsize=7, va="bottom")

_COMMON = dict(
    program="roce-fabric",
    grid={"reconfigurationDelay": ["5us", "20us", "50us", "100us"],
          "ocsReaction": ["drop", "pause", "drain"]},
    fixed={"scenario": "ocs-allreduce", "ocsRoutes": "when-lit", "hosts": "8", "bytes": "1MB"},
    runs=1,
    x="reconfigurationDelay",
    series_labels={"drop": "drop", "pause": "pause (PFC at the ToR)", "drain": "drain (OCS)"},
    xlabel="Dark time of a reconfiguration (s)",
    xscale="log",
)

FIGURES = [
    Figure(
        id="roce-ocs-reaction-time",
        description="RoCEv2 over an OCS leaf-spine: all-reduce time across a reconfiguration, "
                    "drop vs pause vs drain",
        metric="allreduce-time-us",
        title="1 MB ring all-reduce, 8 hosts, OCS spines rotate at 100 us",
        subtitle="DCQCN, routes change when the new circuits are lit",
        ylabel="All-reduce time (us)",
        yscale="log",
        decorate=_line_rate,
        **_COMMON,
    ),
    Figure(
        id="roce-ocs-reaction-retransmissions",
        description="RoCEv2 over an OCS leaf-spine: packets sent again across a "
                    "reconfiguration, drop vs pause vs drain",
        metric="retransmitted",
        title="Go-back-N retransmissions across one reconfiguration",
        subtitle="lost frames and reordering when routes move to the new circuits",
        ylabel="Packets sent again",
        **_COMMON,
    ),
]
