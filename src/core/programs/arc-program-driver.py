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
# SPDX-License-Identifier: GPL-3.0-or-later

import io
import itertools
import json
import operator
import os
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


def program_line(tb, filename):
    """The line of the program where @tb was raised (its innermost frame in it)"""
    line = 0
    for frame in traceback.extract_tb(tb):
        if frame.filename == filename:
            line = frame.lineno or 0
    return line


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


class Driver:
    def __init__(self, out):
        self.out = out
        self.capture = Capture()
        self.path = list(sys.path)

    def send(self, message):
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def load(self, request, filename):
        module = types.ModuleType(MODULE)
        module.__file__ = filename
        sys.modules[MODULE] = module
        try:
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
        function, tuples = self.load(request, filename)
        first = request.get("first", 0)
        for k, grid in enumerate(request["inputs"] if function else []):
            argument = tuple(tuple(row) for row in grid) if tuples else [list(row) for row in grid]
            reply = {"pair": first + k}
            try:
                reply["grid"] = encode_returned(function(argument))
            except ValueError as e:
                if e.__traceback__ and program_line(e.__traceback__, filename):
                    reply.update(error=describe(e), line=program_line(e.__traceback__, filename))
                else:
                    reply.update(error="not a valid grid: " + str(e), invalid=True, line=0)
            except BaseException as e:
                reply.update(error=describe(e), line=program_line(e.__traceback__, filename))
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
