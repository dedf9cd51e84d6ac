# arc-program-driver.py: one interpreter of ARC Studio's program pool
#
# Run as `python3 -c SOURCE MEMORY_LIMIT [DIR...]` by arc-program.c: says
# {"ready": true} once started, then reads one request a line on its standard
# input,
#   {"id": TASK_ID, "source": PYTHON, "first": K, "inputs": [GRID, ...]}
# runs the program's entry point on each input and writes one line a pair,
#   {"pair": K, "grid": "HEIGHT WIDTH DIGITS", "printed": TEXT}
#   {"pair": K, "error": MESSAGE, "line": N, "invalid": true, "printed": TEXT}
# or, when the program cannot be loaded, {"load_error": MESSAGE, "line": N}.
# The program gets no standard input, and what it prints is kept (bounded),
# never mixed with these lines.
#
# A request with "trace": {"steps": S, "bytes": B} also records every
# assignment in the program's own functions while its entry point runs
# (Tracer, below), each sent before the pair's line as
#   {"pair": K, "step": {"function": F, "line": N, "name": X, "kind": KIND, ...}}
# and the function that raised with an error ("function": F).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ast
import io
import itertools
import json
import operator
import os
import reprlib
import sys
import traceback
import types

MAX_PRINTED = 4096
MAX_MESSAGE = 1000
MODULE = "arc_program"
CELLS = frozenset(range(10))
DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")
INT_ONLY = frozenset((int,))
SEQUENCES = frozenset((list, tuple))


class Capture(io.TextIOBase):
    """What the program prints, the first MAX_PRINTED characters of it"""

    def __init__(self):
        super().__init__()
        self.parts = []
        self.size = 0
        self.lost = 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = MAX_PRINTED - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        self.lost += max(0, len(text) - max(room, 0))
        return len(text)

    def take(self):
        text = "".join(self.parts)
        if self.lost:
            text += "\n[… %d more characters]" % self.lost
        self.parts, self.size, self.lost = [], 0, 0
        return text


def clip(text):
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "…"


def program_frame(tb, filename):
    """The line and function of the program where @tb was raised (its
    innermost frame in it)"""
    line, function = 0, ""
    for frame in traceback.extract_tb(tb):
        if frame.filename == filename:
            line, function = frame.lineno or 0, frame.name
    return line, function


def program_line(tb, filename):
    """The line of the program where @tb was raised (its innermost frame in it)"""
    return program_frame(tb, filename)[0]


def describe(exc):
    if isinstance(exc, SystemExit):
        return "the program called sys.exit(%r)" % (exc.code,)
    lines = traceback.format_exception_only(type(exc), exc)
    return clip(lines[-1].strip() if lines else type(exc).__name__)


def cell(value):
    if isinstance(value, bool):
        raise TypeError
    value = operator.index(value)
    if not 0 <= value <= 9:
        raise ValueError
    return value


def to_grid(value):
    """@value as a list of lists of ints, or raises ValueError saying why not"""
    if hasattr(value, "tolist") and not isinstance(value, (list, tuple)):
        value = value.tolist()
    if not isinstance(value, (list, tuple)):
        raise ValueError("returned %s, not a grid" % type(value).__name__)
    if not 1 <= len(value) <= 30:
        raise ValueError("returned a grid of %d rows; a grid has 1 to 30" % len(value))
    grid = []
    for r, row in enumerate(value):
        if hasattr(row, "tolist") and not isinstance(row, (list, tuple)):
            row = row.tolist()
        if not isinstance(row, (list, tuple)):
            raise ValueError("row %d is %s, not a list of cells" % (r + 1, type(row).__name__))
        if not 1 <= len(row) <= 30:
            raise ValueError("row %d has %d cells; a row has 1 to 30" % (r + 1, len(row)))
        if grid and len(row) != len(grid[0]):
            raise ValueError("row %d has %d cells, row 1 has %d" % (r + 1, len(row), len(grid[0])))
        row = list(row)
        # Plain ints 0 to 9, checked in C; the rest (NumPy's integers) one by one
        if INT_ONLY.issuperset(map(type, row)) and CELLS.issuperset(row):
            grid.append(row)
            continue
        try:
            grid.append([cell(c) for c in row])
        except (TypeError, ValueError):
            bad = next(c for c in row if not is_cell(c))
            raise ValueError("row %d holds %s, not a colour 0 to 9" % (r + 1, clip(repr(bad))))
    return grid


def encode(grid):
    """@grid as "HEIGHT WIDTH DIGITS", the cells row by row"""
    return "%d %d %s" % (len(grid), len(grid[0]), b"".join(bytes(row) for row in grid).translate(DIGITS).decode())


def encode_returned(value):
    """What the program returned, as encode() writes it, or raises
    ValueError saying why it is not a grid. A list or tuple of them holding
    plain ints is checked without a loop in Python; the rest by to_grid()"""
    if type(value) in SEQUENCES and 1 <= len(value) <= 30 and SEQUENCES.issuperset(map(type, value)):
        widths = set(map(len, value))
        width = widths.pop()
        if not widths and 1 <= width <= 30:
            cells = list(itertools.chain.from_iterable(value))
            if INT_ONLY.issuperset(map(type, cells)) and CELLS.issuperset(cells):
                return "%d %d %s" % (len(value), width, bytes(cells).translate(DIGITS).decode())
    return encode(to_grid(value))


def is_cell(value):
    try:
        cell(value)
        return True
    except (TypeError, ValueError):
        return False


def entry_point(namespace, task_id):
    """The function to call and whether it takes tuples (arc-dsl) or lists"""
    for name, tuples in (("solve_" + task_id, True), ("transform", False), ("solve", True)):
        function = namespace.get(name)
        if callable(function):
            return function, tuples
    return None, False


# Tracing: the program's functions rewritten (ast) so that each assignment
# in them calls STEP with its function, line, name and value; nothing runs
# in the libraries they call (arc-dsl's dsl.py, NumPy), which are not
# rewritten, so a loop there costs nothing more.

STEP = "_arc_studio_step"
MAX_REPR = 200
MAX_ITEMS = 64
MAX_COORDINATE = 1 << 30
SETS = frozenset((set, frozenset))
CONTAINERS = frozenset((set, frozenset, list, tuple))
SHORT = reprlib.Repr()
SHORT.maxstring = MAX_REPR
SHORT.maxother = MAX_REPR
SHORT.maxlist = SHORT.maxtuple = SHORT.maxset = SHORT.maxfrozenset = SHORT.maxdict = 16


def target_names(target):
    """(text, expression of its value) for each name @target binds: a
    name is its value; an item or attribute (out[r][c] = ...) is named as
    written, and its value is the whole variable it is part of (out)"""
    if isinstance(target, ast.Name):
        return [(target.id, ast.Name(id=target.id, ctx=ast.Load()))]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for element in target.elts for n in target_names(element)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    if isinstance(target, (ast.Subscript, ast.Attribute)):
        root = target
        while isinstance(root, (ast.Subscript, ast.Attribute)):
            root = root.value
        if isinstance(root, ast.Name):
            return [(target_text(target, root.id), ast.Name(id=root.id, ctx=ast.Load()))]
    return []


COMPOUND = tuple(getattr(ast, name) for name in ("For", "AsyncFor", "While", "If", "With", "AsyncWith", "Try",
                                                  "TryStar", "Match") if hasattr(ast, name))


def target_text(target, root):
    """An item or attribute assigned, as written (Python 3.9 on), else its
    variable's name and what follows it, shortened"""
    unparse = getattr(ast, "unparse", None)
    return unparse(target) if unparse else root + ("[…]" if isinstance(target, ast.Subscript) else ".…")


def step_call(function, line, name, value):
    return ast.Call(func=ast.Name(id=STEP, ctx=ast.Load()),
                    args=[ast.Constant(function), ast.Constant(line), ast.Constant(name), value], keywords=[])


def step_statements(function, node, targets):
    statements = []
    for name, value in targets:
        statement = ast.Expr(step_call(function, node.lineno, name, value))
        ast.copy_location(statement, node)
        statements.append(statement)
    return statements


class Walrus(ast.NodeTransformer):
    """(x := value) in an expression records x"""

    def __init__(self, function):
        self.function = function

    def visit_NamedExpr(self, node):
        self.generic_visit(node)
        return ast.copy_location(step_call(self.function, node.lineno, node.target.id, node), node)

    def visit_Lambda(self, node):
        return node


def instrument_body(statements, function):
    """@statements with a call of STEP after each assignment; @function is
    the function they are in, or None outside of any (not recorded)"""
    out = []
    for node in statements:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.body = instrument_body(node.body, node.name)
            out.append(node)
            continue
        if isinstance(node, ast.ClassDef):
            node.body = instrument_body(node.body, None)
            out.append(node)
            continue
        if function is None:
            out.append(node)
            continue
        if not isinstance(node, COMPOUND):
            Walrus(function).visit(node)
        targets = []
        if isinstance(node, ast.Assign):
            targets = [n for t in node.targets for n in target_names(t)]
        elif isinstance(node, ast.AugAssign) or (isinstance(node, ast.AnnAssign) and node.value is not None):
            targets = target_names(node.target)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            node.iter = Walrus(function).visit(node.iter)
            node.body = step_statements(function, node, target_names(node.target)) + instrument_body(node.body, function)
            node.orelse = instrument_body(node.orelse, function)
        elif isinstance(node, (ast.While, ast.If)):
            node.test = Walrus(function).visit(node.test)
            node.body = instrument_body(node.body, function)
            node.orelse = instrument_body(node.orelse, function)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                item.context_expr = Walrus(function).visit(item.context_expr)
            bound = [n for item in node.items if item.optional_vars for n in target_names(item.optional_vars)]
            node.body = step_statements(function, node, bound) + instrument_body(node.body, function)
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            node.body = instrument_body(node.body, function)
            for handler in node.handlers:
                bound = [(handler.name, ast.Name(id=handler.name, ctx=ast.Load()))] if handler.name else []
                handler.body = step_statements(function, handler, bound) + instrument_body(handler.body, function)
            node.orelse = instrument_body(node.orelse, function)
            node.finalbody = instrument_body(node.finalbody, function)
        elif type(node).__name__ == "Match":
            for case in node.cases:
                case.body = instrument_body(case.body, function)
        out.append(node)
        out.extend(step_statements(function, node, targets))
    return out


def instrumented(source, filename):
    """@source compiled with every assignment of its functions recorded"""
    tree = ast.parse(source, filename)
    tree.body = instrument_body(tree.body, None)
    ast.fix_missing_locations(tree)
    return compile(tree, filename, "exec")


def is_int(value):
    return type(value) is int


def grid_text(value):
    """@value as "HEIGHT WIDTH DIGITS" when it is a grid (rows of 0 to 9 of
    the same length, 1 to 30 of each: tuples, lists, a 2-D NumPy array of
    integers), else None"""
    if type(value) not in SEQUENCES:
        if getattr(value, "ndim", None) != 2 or getattr(getattr(value, "dtype", None), "kind", "") not in ("i", "u"):
            return None
        value = value.tolist()
    if not 1 <= len(value) <= 30 or not SEQUENCES.issuperset(map(type, value)):
        return None
    widths = set(map(len, value))
    width = widths.pop()
    if widths or not 1 <= width <= 30:
        return None
    cells = list(itertools.chain.from_iterable(value))
    if not INT_ONLY.issuperset(map(type, cells)) or not CELLS.issuperset(cells):
        return None
    return "%d %d %s" % (len(value), width, bytes(cells).translate(DIGITS).decode())


def object_cells(value):
    """The cells of an object, a set of (colour, (row, col)), as the
    sorted (row, col, colour), or None"""
    try:
        cells = sorted((i, j, v) for v, (i, j) in value)
    except (TypeError, ValueError):
        return None
    flat = list(itertools.chain.from_iterable(cells))
    if not INT_ONLY.issuperset(map(type, flat)):
        return None
    if not CELLS.issuperset(flat[2::3]) or max(map(abs, flat), default=0) >= MAX_COORDINATE:
        return None
    return flat


def index_cells(value):
    """A set of (row, col) as the sorted pairs, flat, or None"""
    try:
        cells = sorted((i, j) for i, j in value)
    except (TypeError, ValueError):
        return None
    flat = list(itertools.chain.from_iterable(cells))
    if not INT_ONLY.issuperset(map(type, flat)) or max(map(abs, flat), default=0) >= MAX_COORDINATE:
        return None
    return flat


def ints_text(flat):
    return " ".join(map(str, flat))


def short_repr(value):
    try:
        text = SHORT.repr(value)
    except Exception:
        text = "<%s>" % type(value).__name__
    return text if len(text) <= MAX_REPR else text[:MAX_REPR - 1] + "…"


def describe_value(value):
    """The step's value as the driver sends it: its kind and members"""
    kind = type(value)
    if kind in SEQUENCES or hasattr(value, "ndim"):
        text = grid_text(value)
        if text is not None:
            return {"kind": "grid", "grid": text}
    if kind in SETS and value:
        cells = object_cells(value)
        if cells is not None:
            return {"kind": "object", "cells": ints_text(cells)}
        cells = index_cells(value)
        if cells is not None:
            return {"kind": "indices", "cells": ints_text(cells)}
    if kind in CONTAINERS and value and SETS.issuperset(map(type, value)):
        items = [object_cells(item) if item else [] for item in value]
        indices = None in items
        if indices:  # a container of sets of indices (arc-dsl's apply(toindices, ...))
            items = [index_cells(item) if item else [] for item in value]
        if None not in items:
            if kind in SETS:
                items.sort()
            return {"kind": "objects", "items": [ints_text(item) for item in items[:MAX_ITEMS]],
                    "n_items": len(items), "indices": indices}
    return {"kind": "value", "repr": short_repr(value)}


class Tracer:
    """What the entry point assigns on one pair, each step sent as it is
    made (a pair that runs out of time keeps those before)"""

    def __init__(self, out, limits):
        self.out = out
        self.max_steps = int(limits.get("steps", 10000))
        self.max_bytes = int(limits.get("bytes", 8 << 20))
        self.active = False
        self.pair = 0
        self.steps = 0
        self.size = 0

    def start(self, pair):
        self.pair, self.steps, self.size, self.active = pair, 0, 0, True

    def stop(self):
        self.active = False

    def send(self, text):
        self.out.write(text)
        self.out.flush()

    def cut(self, function, line, name, limit):
        self.active = False
        self.send(json.dumps({"pair": self.pair, "step": {"function": function, "line": line, "name": name,
                                                          "kind": "cut", "limit": limit}},
                             separators=(",", ":")) + "\n")

    def __call__(self, function, line, name, value):
        if not self.active:
            return value
        if self.steps >= self.max_steps:
            self.cut(function, line, name, "steps")
            return value
        self.active = False  # what describe_value() calls is not recorded
        try:
            step = {"function": function, "line": line, "name": name}
            step.update(describe_value(value))
            text = json.dumps({"pair": self.pair, "step": step}, separators=(",", ":")) + "\n"
        except Exception:
            text = json.dumps({"pair": self.pair, "step": {"function": function, "line": line, "name": name,
                                                           "kind": "value", "repr": "<%s>" % type(value).__name__}},
                              separators=(",", ":")) + "\n"
        self.active = True
        if self.size + len(text) > self.max_bytes:
            self.cut(function, line, name, "bytes")
            return value
        self.size += len(text)
        self.steps += 1
        self.send(text)
        return value


class Driver:
    def __init__(self, out):
        self.out = out
        self.capture = Capture()
        self.path = list(sys.path)

    def send(self, message):
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def load(self, request, filename, tracer):
        module = types.ModuleType(MODULE)
        module.__file__ = filename
        sys.modules[MODULE] = module
        try:
            if tracer:
                code = instrumented(request["source"], filename)
                module.__dict__[STEP] = tracer
            else:
                code = compile(request["source"], filename, "exec")
            exec(code, module.__dict__)
        except SyntaxError as e:
            self.send({"load_error": clip("SyntaxError: %s" % e.msg), "line": e.lineno or 0,
                       "printed": self.capture.take()})
            return None, False
        except BaseException as e:
            self.send({"load_error": describe(e), "line": program_line(e.__traceback__, filename),
                       "printed": self.capture.take()})
            return None, False
        function, tuples = entry_point(module.__dict__, request["id"])
        if function is None:
            self.send({"load_error": "no transform(grid), solve(I) or solve_%s(I) function" % request["id"],
                       "line": 0, "printed": self.capture.take()})
        return function, tuples

    def reset(self):
        """What a program before may have changed for the next"""
        if self.capture.closed:
            self.capture = Capture()
        sys.stdout = sys.stderr = self.capture
        if sys.stdin is None or sys.stdin.closed:
            sys.stdin = open(os.devnull)
        sys.path[:] = self.path

    def run(self, request):
        self.reset()
        filename = "%s.py" % request["id"]
        tracer = Tracer(self.out, request["trace"]) if request.get("trace") else None
        function, tuples = self.load(request, filename, tracer)
        first = request.get("first", 0)
        for k, grid in enumerate(request["inputs"] if function else []):
            argument = tuple(tuple(row) for row in grid) if tuples else [list(row) for row in grid]
            reply = {"pair": first + k}
            try:
                if tracer:
                    tracer.start(first + k)
                try:
                    returned = function(argument)
                finally:
                    if tracer:
                        tracer.stop()
                reply["grid"] = encode_returned(returned)
            except ValueError as e:
                line, where = program_frame(e.__traceback__, filename)
                if e.__traceback__ and line:
                    reply.update(error=describe(e), line=line, function=where)
                else:
                    reply.update(error="not a valid grid: " + str(e), invalid=True, line=0)
            except BaseException as e:
                line, where = program_frame(e.__traceback__, filename)
                reply.update(error=describe(e), line=line, function=where)
            reply["printed"] = self.capture.take()
            self.send(reply)
        sys.modules.pop(MODULE, None)


def main():
    import resource

    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    if limit > 0:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ValueError, OSError):
            pass
    # The extra import folders first; not the current folder
    sys.path[:] = sys.argv[2:] + [p for p in sys.path if p not in ("", ".")]
    # The requests and replies keep descriptors of their own: the program's
    # standard input is empty, and what is written to descriptor 1 goes to 2
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull)
    driver = Driver(replies)
    sys.stdout = sys.stderr = driver.capture
    driver.send({"ready": True})
    for line in requests:
        driver.run(json.loads(line))


main()
