"""Write your own study, 3: the figure of scratch/leaf-spine-rotation.cc.

    ./ns3 figure --file scratch/leaf_spine_rotation_figure.py

A figure declared outside the module's package: the same Figure and Reference as the module's
own (utils/ns3optical/figures/), with the x values written with their unit as the program
reads them.
"""

from ns3optical.figures import Figure, Reference

FIGURE = Figure(
    id="leaf-spine-rotation",
    description="All-reduce time on a rotating OCS leaf-spine against the rotation period",
    program="leaf-spine-rotation",
    grid={"period": ["200us", "1ms", "5ms", "100ms"]},
    fixed={"tors": "8", "bytes": "64MiB", "reconfigDelay": "20us", "backend": "flow"},
    runs=1,   # deterministic: no random variable
    x="period",
    metric="allreduce-time-ms",
    xscale="log",
    xlabel="Rotation period (s)",
    ylabel="All-reduce time (ms)",
    decorate=lambda ax, data: ax.axhline(
        data.points[0].value("static-allreduce-time-ms"), color="grey", linestyle="--",
        label="static circuits"),
    references=[Reference(
        label="no rotation within the run: static circuits", unit="ms",
        source="analytic (the same all-reduce with the spines' initial circuits kept)",
        at={"period": "100ms"},
        expected=lambda point: point.value("static-allreduce-time-ms"),
        rel_tol=0.05)],
)
