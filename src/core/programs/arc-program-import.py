# arc-program-import.py: the programs of Python files, for `programs import`
#
# Run as `python3 -c SOURCE FILE.py|DIR...` by arc-program-import.c: prints one
# JSON object,
#   {"programs": [{"id": ID, "function": NAME, "file": PATH, "source": PYTHON}],
#    "errors": ["PATH:LINE: problem", ...]}
# Each top-level function solve_ID of a file becomes the program of task ID:
# its source with what the module defines and imports at the top level that
# it needs (every `from x import *` too, since what it brings is not known),
# so that it runs on its own. A file NAME.py with transform() or solve() and
# no solve_ID is the program of task NAME, whole.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ast
import json
import os
import sys

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
SIMPLE = (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr)


def import_names(statement):
    return {(a.asname or a.name).split(".")[0] for a in statement.names if a.name != "*"}


def bound(statement):
    """The names a top-level statement binds"""
    if isinstance(statement, DEFINITIONS):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return import_names(statement)
    names = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, DEFINITIONS):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= import_names(node)
    return names


def used(statement):
    """The names a statement reads (its own locals too: more is harmless)"""
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def is_star(statement):
    return isinstance(statement, ast.ImportFrom) and any(a.name == "*" for a in statement.names)


def is_main_block(statement):
    return isinstance(statement, ast.If) and "__name__" in used(statement.test)


def always(statement):
    return is_star(statement) or (isinstance(statement, ast.ImportFrom) and statement.module == "__future__")


def first_line(statement):
    lines = [statement.lineno] + [d.lineno for d in getattr(statement, "decorator_list", [])]
    return min(lines)


def separator(previous, statement):
    """Between two statements: nothing within imports or assignments, a
    blank line from one to the other, two around definitions"""
    if not isinstance(previous, SIMPLE) or not isinstance(statement, SIMPLE):
        return "\n\n"
    imports = (ast.Import, ast.ImportFrom)
    return "" if isinstance(previous, imports) == isinstance(statement, imports) else "\n"


def extract(lines, body, function):
    """The source of @function with the statements of @body it needs"""
    candidates = [s for s in body if not is_main_block(s)]
    needed = {id(function)}
    names = set(used(function))
    for s in body:
        if always(s):
            needed.add(id(s))
            names |= used(s)
    seen = set()
    while names - seen:
        name = (names - seen).pop()
        seen.add(name)
        for s in candidates:
            if id(s) not in needed and name in bound(s):
                needed.add(id(s))
                names |= used(s)
    parts = []
    previous = None
    for s in body:
        if id(s) not in needed:
            continue
        text = "".join(lines[first_line(s) - 1:s.end_lineno]).rstrip() + "\n"
        if previous is not None:
            parts.append(separator(previous, s))
        parts.append(text)
        previous = s
    return "".join(parts)


def read(path, report):
    name = os.path.splitext(os.path.basename(path))[0]
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        report["errors"].append("%s:%s: %s" % (path, e.lineno or 0, e.msg))
        return
    except (OSError, UnicodeDecodeError, ValueError) as e:
        report["errors"].append("%s: %s" % (path, e))
        return
    lines = source.splitlines(keepends=True)
    solvers = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
               and s.name.startswith("solve_") and len(s.name) > len("solve_")]
    for s in solvers:
        report["programs"].append({"id": s.name[len("solve_"):], "function": s.name, "file": path,
                                   "source": extract(lines, tree.body, s)})
    if solvers:
        return
    if any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name in ("transform", "solve")
           for s in tree.body):
        report["programs"].append({"id": name, "function": "", "file": path, "source": source})
    else:
        report["errors"].append("%s: no function solve_ID, transform or solve" % path)


def main():
    report = {"programs": [], "errors": []}
    for path in sys.argv[1:]:
        if os.path.isdir(path):
            for child in sorted(os.listdir(path)):
                if child.endswith(".py") and not child.startswith("."):
                    read(os.path.join(path, child), report)
        else:
            read(path, report)
    sys.stdout.write(json.dumps(report))


main()
