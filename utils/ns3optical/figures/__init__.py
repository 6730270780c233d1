"""Declarations of the figures of ns3-optical, one module per figure.

Every module of this package (utils/ns3optical/figures/<name>.py, not starting with '_')
declares one figure, or several, in a module-level variable FIGURE (a Figure) or FIGURES (a list of
them). A declaration says, in one place: which program to run, over which grid of
parameters and with how many seeds, how to plot the result, and which published or
analytic values the result should be compared with (and where those come from).
utils/figure.py (also `./ns3 figure`) runs the missing runs, draws the figure and prints
the comparisons; see its --help.

A minimal declaration:

    from . import Figure, Reference

    FIGURE = Figure(
        id="my-figure",                       # figures/my-figure.png and .pdf
        description="Goodput against the reconfiguration delay",
        program="ocs-reconfiguration",        # a program of build/programs.txt
        grid={"reconfigDelay": ["1e-3", "1e-2"], "policy": ["drop", "drain"]},
        fixed={"duration": "1"},
        runs=1,                               # seeds RngRun = 1..runs per grid point
        x="reconfigDelay",                    # grid parameter on the x axis (numbers)
        metric="goodput-gbps",                # metric on the y axis
        xlabel="Reconfiguration delay (s)", ylabel="Goodput (Gbit/s)",
        references=[Reference(
            label="goodput at 10 ms, drop", unit="Gbit/s",
            source="analytic (this module's model: doc/optical.rst)",
            at={"reconfigDelay": "1e-2", "policy": "drop"},
            expected=lambda point: point.value("offered-gbps") * 0.97)],
    )

Grid and fixed values are the texts passed to the program (--name=value); they are part of
the runs' sweep keys (utils/sweep.py), so change them only together with the figure. Every
grid parameter other than x gives one curve per value (or combination of values); curve
labels come from series_labels when given.

Only the Python standard library is used here; plotting (utils/figure.py) imports
matplotlib.
"""

import dataclasses
import importlib
import importlib.util
import math
import os
import pkgutil
import re
import typing

__all__ = ["Figure", "Reference", "Stat", "Point", "FigureData", "DeclarationError",
           "load_all", "load", "load_file", "parse_data_rate", "parse_quantity", "parse_bytes",
           "parse_axis_value"]


class DeclarationError(Exception):
    """A figure declaration is malformed (or two declare the same id)."""


# ------------------------------------------------------------------------------ declarations


@dataclasses.dataclass
class Reference:
    """A value the figure should reproduce, with where it comes from.

    label:    what is compared, e.g. 'goodput at 10 ms, drop' (printed before the values)
    unit:     unit of expected and measured, e.g. 'Gbit/s'
    source:   where the expected value comes from: a publication (authors, venue, figure or
              table) or 'analytic (...)' with the model it follows
    expected: the reference value: a number, or a callable(point) -> number computed from
              the grid point `at` (its Point: recorded parameters and aggregated metrics)
    at:       the grid point compared, {grid parameter: value text}; every grid parameter
              must be given (a value of the grid, as written there)
    measured: callable(point) -> number; default: the mean of the figure's metric there
    kind:     word printed before the expected value ('analytic', 'published', ...);
              default: 'analytic' if source starts with 'analytic', else 'published'
    rel_tol:  optional relative tolerance: the comparison line then says whether the
              measured value is within it
    """

    label: str
    unit: str
    source: str
    expected: typing.Any
    at: typing.Dict[str, str]
    measured: typing.Optional[typing.Callable] = None
    kind: typing.Optional[str] = None
    rel_tol: typing.Optional[float] = None

    def kind_text(self):
        """Return the word printed before the expected value."""
        if self.kind:
            return self.kind
        return "analytic" if self.source.strip().lower().startswith("analytic") else "published"


@dataclasses.dataclass
class Figure:
    """A figure: what to run, how to plot it, what to compare it with.

    Sweep:
      id            name of the figure (files figures/<id>.png and .pdf); [a-z0-9-]
      description   one line, shown by `figure.py --list`
      program       program run by the sweep (a name of build/programs.txt)
      grid          {parameter: [value texts]}: every combination is a grid point
      fixed         {parameter: value text} passed to every run
      runs          seeds per grid point (RngRun = 1..runs); `--runs` overrides it. Use 1
                    for a deterministic program; with more, points show the mean and a 95%
                    confidence interval over the seeds
      cases         optional {case name: {parameter: value text}}: systems that differ in
                    several parameters at once (e.g. an architecture with its routing). The
                    grid is run once per case, the case's parameters added to fixed; each
                    point's values carry 'case' (a curve parameter, and a key of a
                    reference's 'at'). A case's parameters are neither in grid nor in fixed
    Plot:
      x             grid parameter on the x axis: numbers, or quantities with their unit as
                    the programs take them ('100us', '10ms', '10Gbps', '64MiB'), drawn in
                    the base unit (s, bit/s, bytes; parse_axis_value)
      metric        metric on the y axis (mean over seeds)
      series_labels {value: legend label} for the curves (other grid parameters' values)
      title, subtitle, xlabel, ylabel   texts (labels should carry units)
      xscale, yscale                    'linear' or 'log'
      xlim, ylim                        (low, high) or None (automatic)
      legend_loc                        matplotlib legend location
      legend_order  legend labels in the order wanted (others follow, as drawn)
      figsize                           inches (width, height)
      styles        {curve label: dict of matplotlib line options} (marker, color, ...)
      decorate      optional callable(ax, data) drawing extras after the curves (reference
                    lines, annotations); data is a FigureData
      plot          optional callable(ax, data) drawing everything instead of the default
                    curves (title, labels and grid are still applied); with it, x may be a
                    grid parameter of a single value, e.g. for bars or timelines. Both
                    callables may read the per-event tables (ev_<name>) of the runs with
                    data.events(table, point)
    Comparison:
      references    list of Reference
    """

    id: str
    description: str
    program: str
    grid: typing.Dict[str, typing.List[str]]
    x: str
    metric: str
    fixed: typing.Dict[str, str] = dataclasses.field(default_factory=dict)
    runs: int = 1
    cases: typing.Dict[str, typing.Dict[str, str]] = dataclasses.field(default_factory=dict)
    series_labels: typing.Dict[str, str] = dataclasses.field(default_factory=dict)
    title: str = ""
    subtitle: str = ""
    xlabel: str = ""
    ylabel: str = ""
    xscale: str = "linear"
    yscale: str = "linear"
    xlim: typing.Optional[typing.Tuple[float, float]] = None
    ylim: typing.Optional[typing.Tuple[float, float]] = None
    legend_loc: str = "best"
    legend_order: typing.List[str] = dataclasses.field(default_factory=list)
    figsize: typing.Tuple[float, float] = (6.0, 4.0)
    styles: typing.Dict[str, dict] = dataclasses.field(default_factory=dict)
    decorate: typing.Optional[typing.Callable] = None
    plot: typing.Optional[typing.Callable] = None
    references: typing.List[Reference] = dataclasses.field(default_factory=list)
    module: str = ""      # file that declares it (set by load_all)

    def curve_parameters(self):
        """Return the grid parameters other than x (one curve per combination)."""
        names = [name for name in self.grid if name != self.x]
        return (["case"] if self.cases else []) + names

    def point_parameters(self):
        """Return the names that identify a grid point: the grid's, and 'case' with cases."""
        return list(self.grid) + (["case"] if self.cases else [])

    def case_list(self):
        """Return [(case name or None, fixed parameters of its runs)]."""
        if not self.cases:
            return [(None, dict(self.fixed))]
        return [(name, dict(self.fixed, **params)) for name, params in self.cases.items()]

    def check(self):
        """Raise DeclarationError if the declaration is inconsistent."""
        where = "figure %r (%s)" % (self.id, self.module or "?")
        if not re.match(r"^[a-z0-9][a-z0-9-]*$", self.id or ""):
            raise DeclarationError("%s: bad id: use lower-case letters, digits and '-'" % where)
        for field in ("description", "program", "metric"):
            if not isinstance(getattr(self, field), str) or not getattr(self, field).strip():
                raise DeclarationError("%s: %s must be a non-empty text" % (where, field))
        if "\n" in self.description:
            raise DeclarationError("%s: description must be one line" % where)
        if not isinstance(self.grid, dict) or not self.grid:
            raise DeclarationError("%s: grid must be a non-empty {parameter: [values]}" % where)
        for name, values in self.grid.items():
            if (isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple))
                    or not values):
                raise DeclarationError("%s: grid[%r] must be a non-empty list of value texts"
                                       % (where, name))
            if len(set(map(str, values))) != len(values):
                raise DeclarationError("%s: grid[%r] lists a value twice" % (where, name))
        for name in self.fixed:
            if name in self.grid:
                raise DeclarationError("%s: %s is both in grid and in fixed" % (where, name))
        if not isinstance(self.cases, dict) or "case" in self.grid:
            raise DeclarationError("%s: cases must be {name: {parameter: value}} (and 'case' "
                                   "is not a grid parameter)" % where)
        for case, params in self.cases.items():
            if not case or not isinstance(params, dict):
                raise DeclarationError("%s: case %r must be a name with a {parameter: value}"
                                       % (where, case))
            for name in params:
                if name in self.grid or name in self.fixed:
                    raise DeclarationError("%s: case %r sets %s, also in grid or fixed"
                                           % (where, case, name))
        if self.x not in self.grid:
            raise DeclarationError("%s: x parameter %r is not a grid parameter (grid: %s)"
                                   % (where, self.x, ", ".join(self.grid)))
        for value in self.grid[self.x]:
            try:
                parse_axis_value(value)
            except ValueError:
                raise DeclarationError("%s: x values must be numbers or quantities with a unit "
                                       "(10ms, 10Gbps, 64MiB); %s=%r is neither"
                                       % (where, self.x, value))
        if not isinstance(self.runs, int) or self.runs < 1:
            raise DeclarationError("%s: runs must be an integer >= 1" % where)
        for scale in (self.xscale, self.yscale):
            if scale not in ("linear", "log"):
                raise DeclarationError("%s: scales are 'linear' or 'log', not %r"
                                       % (where, scale))
        for index, ref in enumerate(self.references):
            label = "%s: reference %d (%s)" % (where, index + 1, getattr(ref, "label", "?"))
            if not isinstance(ref, Reference):
                raise DeclarationError("%s: not a Reference" % label)
            if not ref.label or not ref.source or ref.unit is None:
                raise DeclarationError("%s: label, unit and source are required" % label)
            if not (callable(ref.expected) or isinstance(ref.expected, (int, float))):
                raise DeclarationError("%s: expected must be a number or a callable(point)"
                                       % label)
            if ref.measured is not None and not callable(ref.measured):
                raise DeclarationError("%s: measured must be a callable(point)" % label)
            if set(ref.at) != set(self.point_parameters()):
                raise DeclarationError("%s: 'at' must give a value for every grid parameter "
                                       "(%s)" % (label, ", ".join(self.point_parameters())))
            for name, value in ref.at.items():
                if name == "case":
                    if value not in self.cases:
                        raise DeclarationError("%s: case %r is not a case of the figure"
                                               % (label, value))
                    continue
                if str(value) not in [str(v) for v in self.grid[name]]:
                    raise DeclarationError("%s: %s=%r is not a value of the grid (%s)"
                                           % (label, name, value,
                                              ", ".join(map(str, self.grid[name]))))


# ------------------------------------------------------------------------------ data


@dataclasses.dataclass
class Stat:
    """A metric aggregated over the seeds of a grid point."""

    values: typing.List[float]
    unit: str = ""

    @property
    def n(self):
        """Number of runs (seeds)."""
        return len(self.values)

    @property
    def mean(self):
        """Mean over the runs."""
        return sum(self.values) / len(self.values)

    @property
    def std(self):
        """Sample standard deviation (0 for a single run)."""
        if len(self.values) < 2:
            return 0.0
        mean = self.mean
        return math.sqrt(sum((v - mean) ** 2 for v in self.values) / (len(self.values) - 1))

    @property
    def ci95(self):
        """Half-width of the 95% confidence interval of the mean (Student t; 0 for one run)."""
        if len(self.values) < 2:
            return 0.0
        return t_quantile_975(len(self.values) - 1) * self.std / math.sqrt(len(self.values))


# Two-sided 95% Student t quantiles (0.975) for 1..30 degrees of freedom.
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t_quantile_975(df):
    """Return the 0.975 quantile of Student's t with `df` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be >= 1")
    if df <= len(_T975):
        return _T975[df - 1]
    if df <= 60:
        return 2.021 if df <= 40 else 2.000
    return 1.984 if df <= 100 else 1.960


class Point:
    """One grid point with its runs.

    values:  {grid parameter: value text} of this point (as declared)
    params:  {parameter: value text} recorded by its runs (every program option after
             parsing, defaults included, and attributes/globals set on the command line;
             bookkeeping options left out), from its first run
    metrics: {metric name: Stat} over its runs (seeds)
    run_ids, rng_runs: its runs
    """

    def __init__(self, values, params, metrics, run_ids, rng_runs):
        self.values = dict(values)
        self.params = dict(params)
        self.metrics = dict(metrics)
        self.run_ids = list(run_ids)
        self.rng_runs = list(rng_runs)

    def stat(self, name):
        """Return the Stat of metric `name`; KeyError naming the known metrics if absent."""
        if name not in self.metrics:
            raise KeyError("no metric %r at %s (metrics: %s)"
                           % (name, self.describe(), ", ".join(sorted(self.metrics))))
        return self.metrics[name]

    def value(self, name):
        """Return the mean of metric `name` over the seeds."""
        return self.stat(name).mean

    def param(self, name):
        """Return the text of parameter `name`: the point's value, else the recorded one."""
        if name in self.values:
            return self.values[name]
        if name in self.params:
            return self.params[name]
        raise KeyError("no parameter %r at %s" % (name, self.describe()))

    def number(self, name):
        """Return parameter `name` as a number (plain or with an SI suffix)."""
        return parse_quantity(self.param(name))

    def rate(self, name):
        """Return parameter `name`, an ns-3 DataRate text like '500Mbps', in bit/s."""
        return parse_data_rate(self.param(name))

    def describe(self):
        """Return the point as 'name=value, ...'."""
        return ", ".join("%s=%s" % item for item in self.values.items())

    def __repr__(self):
        return "Point(%s)" % self.describe()


class FigureData:
    """The aggregated results of a figure: its points, in grid order.

    events: optional callable(table, run_ids) -> [dict], the reader of the per-event tables
    behind events() (utils/figure.py gives one reading its database)
    """

    def __init__(self, figure, points, runs, events=None):
        self.figure = figure
        self.points = list(points)
        self.runs = runs          # seeds asked per point
        self._events = events

    def events(self, table, point=None):
        """Return the rows of the per-event table `table` ('recovery' or 'ev_recovery')
        recorded by the runs of `point` (a Point, or a dict of grid values; None: every
        point of the figure), as dicts of the table's columns (run_id included), in run and
        recording order. KeyError if the database has no such table; ValueError if the data
        has no event reader."""
        if self._events is None:
            raise ValueError("figure %s: no event reader (the data was not read from a "
                             "results database)" % self.figure.id)
        if point is None:
            run_ids = [run_id for p in self.points for run_id in p.run_ids]
        else:
            if not isinstance(point, Point):
                point = self.point(point)
            run_ids = list(point.run_ids)
        return self._events(table, run_ids)

    def point(self, where=None, **values):
        """Return the point whose grid values match `where` (a dict) and/or keyword values;
        KeyError if none."""
        wanted = dict(where or {}, **values)
        for point in self.points:
            if all(point.values.get(k) == str(v) for k, v in wanted.items()):
                return point
        raise KeyError("no grid point %s" % ", ".join("%s=%s" % i for i in wanted.items()))

    def curves(self):
        """Return [(label, key, points sorted by x)]: one per combination of the grid values
        other than x, in grid order. key is {parameter: value} of the curve."""
        figure = self.figure
        names = figure.curve_parameters()
        order = []
        groups = {}
        for point in self.points:
            key = tuple(point.values[name] for name in names)
            if key not in groups:
                order.append(key)
                groups[key] = []
            groups[key].append(point)
        result = []
        for key in order:
            label = ", ".join(figure.series_labels.get(v, "%s=%s" % (n, v))
                              for n, v in zip(names, key)) or figure.metric
            points = sorted(groups[key], key=lambda p: parse_axis_value(p.values[figure.x]))
            result.append((label, dict(zip(names, key)), points))
        return result

    def max_seeds(self):
        """Return the largest number of runs at any point."""
        return max((len(p.run_ids) for p in self.points), default=0)


# ------------------------------------------------------------------------------ values

_SI = {"": 1.0, "p": 1e-12, "n": 1e-9, "u": 1e-6, "µ": 1e-6, "m": 1e-3, "k": 1e3, "K": 1e3,
       "M": 1e6, "G": 1e9, "T": 1e12}


def _number(text):
    """Return float(text), or None if it is not a plain number."""
    try:
        value = float(str(text).strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


# ns-3 time units beyond the SI-prefixed second, in seconds.
_TIME_UNITS = {"min": 60.0, "h": 3600.0, "d": 86400.0, "y": 365.0 * 86400}


def parse_quantity(text):
    """Return a number from '0.01', '1e-6', '10ms', '5us', '2k' (SI prefix, optional 's'), or
    an ns-3 time in minutes, hours, days or years ('30min', '24h', '7d', '1y') in seconds."""
    value = _number(text)
    if value is not None:
        return value
    match = re.match(r"^\s*([-+0-9.eE]+)\s*(min|h|d|y)\s*$", str(text))
    if match and _number(match.group(1)) is not None:
        return float(match.group(1)) * _TIME_UNITS[match.group(2)]
    match = re.match(r"^\s*([-+0-9.eE]+)\s*([pnuµmkKMGT]?)s?\s*$", str(text))
    if match and _number(match.group(1)) is not None:
        return float(match.group(1)) * _SI[match.group(2)]
    raise ValueError("not a number: %r" % text)


def parse_data_rate(text):
    """Return the bit/s of an ns-3 DataRate text: '500Mbps', '10Gb/s', '1.5GB/s', '8kbps',
    '1KiB/s', or a plain number of bit/s."""
    value = _number(text)
    if value is not None:
        return value
    match = re.match(r"^\s*([-+0-9.eE]+)\s*([kKMGT]?)(i?)(b|B)(ps|/s)\s*$", str(text))
    if not match or _number(match.group(1)) is None:
        raise ValueError("not a data rate: %r" % text)
    prefix, binary, unit = match.group(2), match.group(3), match.group(4)
    if binary and prefix:
        scale = 1024.0 ** ("KMGT".index(prefix.upper()) + 1)
    else:
        scale = _SI[prefix]
    return float(match.group(1)) * scale * (8 if unit == "B" else 1)


_BYTE_UNITS = {"B": 1.0, "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
               "KiB": 1024.0, "MiB": 1024.0 ** 2, "GiB": 1024.0 ** 3, "TiB": 1024.0 ** 4}


def parse_bytes(text):
    """Return the bytes of a size text as the programs read it: '4096', '64KiB', '1.5GB',
    '2MiB', '100B'."""
    value = _number(text)
    if value is not None:
        return value
    match = re.match(r"^\s*([-+0-9.eE]+)\s*([kKMGT]?i?B)\s*$", str(text))
    if not match or _number(match.group(1)) is None or match.group(2) not in _BYTE_UNITS:
        raise ValueError("not a size: %r" % text)
    return float(match.group(1)) * _BYTE_UNITS[match.group(2)]


def parse_axis_value(text):
    """Return the number an axis draws for a parameter text: a plain number, a time ('10ms',
    '100us', '24h': seconds), a data rate ('10Gbps', '1.5GB/s': bit/s) or a size ('64MiB':
    bytes), in the same units the programs read (OpticalUnits)."""
    for parse in (parse_quantity, parse_data_rate, parse_bytes):
        try:
            return parse(text)
        except ValueError:
            continue
    raise ValueError("not a number or a quantity with a unit: %r" % text)


# ------------------------------------------------------------------------------ registry


def _declared_by(module, filename):
    """Return the checked figures a loaded module declares (DeclarationError if none or a
    malformed one)."""
    declared = list(getattr(module, "FIGURES", []))
    if hasattr(module, "FIGURE"):
        declared.insert(0, module.FIGURE)
    if not declared:
        raise DeclarationError("%s declares no FIGURE (or FIGURES)" % filename)
    for figure in declared:
        if not isinstance(figure, Figure):
            raise DeclarationError("%s: FIGURE must be a figures.Figure" % filename)
        figure.module = filename
        figure.check()
    return declared


def load_file(path):
    """Load the figure declarations of a file of the user's (a Python file declaring FIGURE or
    FIGURES as the package's modules do; it may `from ns3optical.figures import Figure,
    Reference`); return its figures. DeclarationError if it cannot be loaded or declares
    nothing valid."""
    if not os.path.isfile(path):
        raise DeclarationError("no figure file %s" % path)
    name = "ns3optical_user_figure_" + re.sub(r"\W", "_", os.path.abspath(path))
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception as error:  # report which declaration is broken
        raise DeclarationError("cannot load %s: %s: %s" % (path, type(error).__name__, error))
    return _declared_by(module, path)


def load(files=(), errors=None):
    """Return {id: Figure} of the package's declarations and of `files` (user files, after
    the package's), in id order.

    With `errors` (a list), a broken declaration (a module that does not load, declares
    nothing, declares a malformed figure or an id already taken) is appended to it as a
    DeclarationError and left out, so that the others stay usable; without, it is raised.
    """
    figures = {}

    def add(declared_of, filename):
        try:
            declared = declared_of()
            for figure in declared:
                if figure.id in figures:
                    raise DeclarationError("figure id %r is declared twice: in %s and %s"
                                           % (figure.id, figures[figure.id].module, filename))
            for figure in declared:
                figures[figure.id] = figure
        except DeclarationError as error:
            if errors is None:
                raise
            errors.append(error)

    directory = os.path.dirname(os.path.abspath(__file__))
    for info in sorted(pkgutil.iter_modules([directory]), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        filename = os.path.join("utils", "ns3optical", "figures", info.name + ".py")

        def package_module(info=info, filename=filename):
            try:
                module = importlib.import_module("%s.%s" % (__name__, info.name))
            except Exception as error:  # report which declaration is broken
                raise DeclarationError("cannot load %s: %s: %s"
                                       % (filename, type(error).__name__, error))
            return _declared_by(module, filename)

        add(package_module, filename)
    for path in files:
        add(lambda path=path: load_file(path), path)
    return dict(sorted(figures.items()))


def load_all():
    """Import every figure module of this package; return {id: Figure} in id order.

    Raises DeclarationError if a module cannot be imported, declares nothing, declares a
    malformed figure, or reuses an id (load() with an error list leaves broken ones out).
    """
    return load()
