#!/usr/bin/env python3
"""Checks that this package exercises every public declaration of Sheath and SheathTesting, from
main-actor code and from nonisolated code.

Usage: Tests/DefaultMainActor/scripts/check-api-coverage.py [--verbose]
       (from anywhere, after `swift build --build-tests` or `swift test` of Tests/DefaultMainActor)

It reuses that build: no compiler run of its own beyond `swift symbolgraph-extract`.
  - The public API: the symbol graphs of the built Sheath and SheathTesting modules (every public type,
    initializer, method, property, subscript and operator; underscored plumbing and members that only a
    protocol's default implementation provides are left out by the extractor).
  - What this package uses: the index store the build writes (`.build/debug/index/store`), read through
    the toolchain's libIndexStore. A declaration counts as exercised when code in this package's
    Sources/ or Tests/ refers to it by the compiler's own identity (its USR): each overload separately,
    whatever the call site's spelling (`graph[.key]`, `.singleton`, a trailing closure). Implementing a
    protocol requirement (`Module.register(into:)`) counts as exercising it. A type counts when it is
    named, or when one of its members or subclasses is exercised. The index does not record what the
    compiler calls for an attribute or a protocol: a property wrapper's initializer (`@Inject(.key)`)
    and its `wrappedValue`, a decoder's `init(from:)`. Tests call the wrappers by name as well.
  - Where it is used: the isolation of the declaration that contains the reference, as the compiler
    inferred it (the symbol graphs of this package's own modules print `@MainActor` on every main-actor
    declaration, explicit or inferred from `.defaultIsolation(MainActor.self)`). Top-level code is on
    the main actor. A closure counts with the declaration it is written in, whatever its own isolation:
    so a test keeps its isolation in a declaration (a `nonisolated` function, a module's
    `register(into:)`, a key's property in a `nonisolated` extension), not in a `@Sendable` closure
    or a `Task.detached` inside a main-actor one.

A member must be exercised from main-actor code, and from nonisolated code unless it is `@MainActor`
itself; NONISOLATED_ONLY lists the few that main-actor code has no use for. ALLOWLIST holds what this
package cannot exercise at all. Each entry says why. The check prints what it covered, and fails
listing what is missing.

It also compares the public types with PUBLIC_TYPES, so that none is added or removed by accident, and
prints how many there are with and without their main-actor and async flavours.
"""

import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile

PACKAGE = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
REPOSITORY = os.path.realpath(os.path.join(PACKAGE, "..", ".."))
BUILD = os.path.realpath(os.path.join(PACKAGE, ".build", "debug"))

API_MODULES = ["Sheath", "SheathTesting"]
# This package's own modules: their symbol graphs say which of their declarations are on the main actor.
PACKAGE_MODULES = ["App", "ReadmeApp", "AppGraph", "AppTests"]

# What this package cannot exercise, by `Type.member(labels:)` (every overload of it), with the reason.
# The check fails when an entry names nothing, or names something this package exercises after all.
ALLOWLIST = {
    # Deprecated: any use warns ("'skipped' is deprecated: renamed to 'unchecked'"), and this package
    # builds with zero warnings. What replaced them is exercised.
    "VerificationReport.skipped": "deprecated, renamed to `unchecked`",
    # Decodable's requirement: a decoder calls it (VerificationAPITests decodes a report with
    # JSONDecoder), which the index does not record, and no code calls it by name.
    "VerificationReport.init(from:)": "Decodable's requirement, called by a decoder",
    "VerificationReport.CheckedKey.init(from:)": "Decodable's requirement, called by a decoder",
    "VerificationReport.Dependency.init(from:)": "Decodable's requirement, called by a decoder",
}

# Members that only nonisolated code can use, by design, with the reason: main-actor code need not.
NONISOLATED_ONLY = {
    # The graph calls it; a main-actor type cannot implement it, since a module's conformance is never
    # isolated (CompilerMessagesTests pins the error).
    "Module.register(into:)": "a requirement that only a nonisolated conformance implements",
}

# Every public type of Sheath and SheathTesting, nested ones by their path. The check fails when a type is
# added or removed without changing this list: the public surface grows only on purpose. Issue #25 aimed
# at "about 30", the size of Factory's (29 types, nested scopes included, and no main-actor or async
# resolution). A type that exists only because Swift cannot make isolation a type parameter names the
# type it is the main-actor or async flavour of; the check prints both counts.
PUBLIC_TYPES = {
    # The graph, its modules and lifetimes.
    "Graph": None, "Module": None, "Bindings": None, "Lifetime": None, "Scope": None,
    "MainActorLifetime": "Lifetime",
    # Keys: the namespace, the shared core, and the kinds of key.
    "Keys": None, "TypedKey": None, "BindableKey": None, "Key": None, "AssistedKey": None,
    "ContributableKey": None, "CollectionKey": None, "MapKey": None, "ChildGraphKey": None,
    "MainActorKey": "Key", "AsyncKey": "Key", "MainActorAssistedKey": "AssistedKey",
    # What a factory resolves with, and what it is given to resolve later.
    "Resolving": None, "Resolver": None, "Provider": None, "Lazy": None, "AssistedFactory": None,
    "ChildGraphFactory": None,
    "MainActorResolving": "Resolving", "AsyncResolving": "Resolving", "MainActorResolver": "Resolver",
    "AsyncResolver": "Resolver", "MainActorProvider": "Provider", "AsyncProvider": "Provider",
    "MainActorAssistedFactory": "AssistedFactory",
    # Property wrappers.
    "Inject": None, "WeakInject": None,
    # Environments.
    "AppEnvironment": None, "AppEnvironment.DetectionError": None, "TestBehavior": None,
    # What the graph reports: errors, where a binding is, what verify() read, what a resolution did.
    "GraphError": None, "GraphError.Problem": None, "GraphError.Problem.Kind": None, "CodeLocation": None,
    "BindingSource": None, "Graph.BindingDifference": None, "VerificationReport": None,
    "VerificationReport.CheckedKey": None, "VerificationReport.Dependency": None, "ResolutionTrace": None,
    "ResolutionTrace.Event": None,
    # SheathTesting.
    "TestGraph": None, "GraphTrait": None,
}

# libIndexStore's symbol roles (indexstore.h).
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_REL_CHILDOF = 1 << 9
ROLE_REL_OVERRIDEOF = 1 << 11
ROLE_REL_ACCESSOROF = 1 << 15
ROLE_REL_CONTAINEDBY = 1 << 16
DEPENDENCY_RECORD = 2

TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
MAIN_ACTOR = "main-actor"
NONISOLATED = "nonisolated"


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


# MARK: Symbol graphs


def target_info():
    """The toolchain's description of its target: the triple, and where its libraries are."""
    return json.loads(subprocess.run(["swift", "-print-target-info"], check=True, capture_output=True).stdout)


def symbol_graphs(modules, access_level, output, info):
    """Extracts the symbol graphs of built modules; returns their symbols and relationships."""
    symbols, relationships = [], []
    for module in modules:
        subprocess.run(
            [
                "swift", "symbolgraph-extract", "-module-name", module, "-target", info["target"]["triple"],
                "-I", os.path.join(BUILD, "Modules"),
                "-Xcc", "-fmodule-map-file=" + os.path.join(BUILD, "CSheathRuntime.build", "module.modulemap"),
                "-Xcc", "-I" + os.path.join(REPOSITORY, "Sources", "CSheathRuntime", "include"),
                # The build's own module cache: warm, since the build filled it.
                "-module-cache-path", os.path.join(BUILD, "ModuleCache"),
                "-minimum-access-level", access_level, "-skip-synthesized-members", "-output-dir", output,
            ],
            check=True)
        # `Module.symbols.json`, and `Module@Other.symbols.json` for its extensions of Other's types.
        for name in sorted(os.listdir(output)):
            if name == f"{module}.symbols.json" or name.startswith(f"{module}@"):
                with open(os.path.join(output, name)) as file:
                    graph = json.load(file)
                symbols += graph["symbols"]
                relationships += graph["relationships"]
                os.remove(os.path.join(output, name))
    return symbols, relationships


def declaration(symbol):
    return "".join(fragment["spelling"] for fragment in symbol["declarationFragments"])


def is_main_actor(symbol):
    """Whether a declaration is isolated to the main actor: `@MainActor` before its introducer (`func`,
    `init`, `var`…), not inside a parameter's type."""
    for fragment in symbol["declarationFragments"]:
        if fragment["kind"] == "keyword" and fragment["spelling"] not in ("nonisolated", "final", "static"):
            return False
        if fragment["kind"] == "attribute" and fragment.get("preciseIdentifier") == "s:ScM":  # `@` `MainActor`
            return True
    return False


def short_signature(symbol):
    """The declaration without the parameters that default to a call site's `#fileID`, `#line`… and
    without autoclosure wrapping, to tell overloads apart in the report."""
    text = declaration(symbol).replace("\n", " ")
    head, parenthesis, parameters = text.partition("(")
    # `fileID: StaticString = #fileID`, `isolation: isolated (any Actor)? = #isolation`…
    parameters = re.sub(r",?\s*\w+(\s+\w+)?:[^,()]*(\([^()]*\))?[^,()]*=\s*#\w+", "", parameters)
    text = head + parenthesis + parameters
    text = text.replace("@autoclosure @escaping @Sendable () -> ", "")
    text = re.sub(r"\(,\s*", "(", text)
    return re.sub(r"\s+", " ", text).strip()


# MARK: Index store


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def __str__(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


class IndexStore:
    """The few calls of libIndexStore's C API (indexstore.h) that reading occurrences needs."""

    def __init__(self, path, info):
        # The toolchain's `usr/lib`: its runtime resources are `usr/lib/swift`.
        lib = os.path.dirname(info["paths"]["runtimeResourcePath"])
        names = [name for name in ("libIndexStore.so", "libIndexStore.dylib") if os.path.exists(os.path.join(lib, name))]
        if not names:
            fail(f"no libIndexStore in {lib}")
        self.lib = ctypes.CDLL(os.path.join(lib, names[0]))
        pointer = ctypes.c_void_p
        self.applier = ctypes.CFUNCTYPE(ctypes.c_bool, pointer, pointer)
        self.unit_applier = ctypes.CFUNCTYPE(ctypes.c_bool, pointer, StringRef)
        signatures = {
            "indexstore_store_create": (pointer, [ctypes.c_char_p, ctypes.POINTER(pointer)]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [pointer, ctypes.c_uint, pointer, self.unit_applier]),
            "indexstore_unit_reader_create": (pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
            "indexstore_unit_reader_dispose": (None, [pointer]),
            "indexstore_unit_reader_get_main_file": (StringRef, [pointer]),
            "indexstore_unit_reader_get_modification_time": (
                None, [pointer, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [pointer, pointer, self.applier]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [pointer]),
            "indexstore_unit_dependency_get_name": (StringRef, [pointer]),
            "indexstore_unit_dependency_get_filepath": (StringRef, [pointer]),
            "indexstore_record_reader_create": (pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
            "indexstore_record_reader_dispose": (None, [pointer]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [pointer, pointer, self.applier]),
            "indexstore_occurrence_get_symbol": (pointer, [pointer]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [pointer]),
            "indexstore_occurrence_get_line_col": (
                None, [pointer, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_occurrence_relations_apply_f": (ctypes.c_bool, [pointer, pointer, self.applier]),
            "indexstore_symbol_relation_get_roles": (ctypes.c_uint64, [pointer]),
            "indexstore_symbol_relation_get_symbol": (pointer, [pointer]),
            "indexstore_symbol_get_usr": (StringRef, [pointer]),
        }
        for name, (result, arguments) in signatures.items():
            function = getattr(self.lib, name)
            function.restype, function.argtypes = result, arguments
        error = pointer()
        self.store = self.lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            fail(f"cannot open the index store {path}")

    def records(self, under):
        """The current record of each source file under the folders `under`: the newest unit's, since an
        edited file leaves its older units and records in the store."""
        units = []
        self.lib.indexstore_store_units_apply_f(
            self.store, 0, None, self.unit_applier(lambda _, name: units.append(str(name)) or True))
        newest = {}
        for unit in units:
            reader = self.lib.indexstore_unit_reader_create(self.store, unit.encode(), None)
            if not reader:
                continue
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            self.lib.indexstore_unit_reader_get_modification_time(
                reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            time = (seconds.value, nanoseconds.value)

            def dependency(_, dependency):
                if self.lib.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD:
                    path = os.path.realpath(str(self.lib.indexstore_unit_dependency_get_filepath(dependency)))
                    if any(path.startswith(folder + os.sep) for folder in under) and os.path.exists(path):
                        if path not in newest or newest[path][0] < time:
                            newest[path] = (time, str(self.lib.indexstore_unit_dependency_get_name(dependency)))
                return True

            self.lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.applier(dependency))
            self.lib.indexstore_unit_reader_dispose(reader)
        return {path: record for path, (_, record) in newest.items()}

    def occurrences(self, record):
        """Each occurrence of a record as (USR, roles, line, [(relation roles, related USR)])."""
        reader = self.lib.indexstore_record_reader_create(self.store, record.encode(), None)
        if not reader:
            fail(f"cannot read the index record {record}")
        found = []

        def occurrence(_, occurrence):
            symbol = self.lib.indexstore_occurrence_get_symbol(occurrence)
            line, column = ctypes.c_uint(), ctypes.c_uint()
            self.lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
            relations = []

            def relation(_, relation):
                related = self.lib.indexstore_symbol_relation_get_symbol(relation)
                relations.append(
                    (self.lib.indexstore_symbol_relation_get_roles(relation),
                     str(self.lib.indexstore_symbol_get_usr(related))))
                return True

            self.lib.indexstore_occurrence_relations_apply_f(occurrence, None, self.applier(relation))
            found.append(
                (str(self.lib.indexstore_symbol_get_usr(symbol)), self.lib.indexstore_occurrence_get_roles(occurrence),
                 line.value, relations))
            return True

        self.lib.indexstore_record_reader_occurrences_apply_f(reader, None, self.applier(occurrence))
        self.lib.indexstore_record_reader_dispose(reader)
        return found


# MARK: The check


def uses(store, isolation_of_declaration):
    """Where this package refers to each USR: {USR: {isolation: "file:line"}}."""
    folders = [os.path.join(PACKAGE, "Sources"), os.path.join(PACKAGE, "Tests")]
    records = store.records(folders)
    if not records:
        fail("the index store holds nothing of Tests/DefaultMainActor: build it first "
             "(swift build --package-path Tests/DefaultMainActor --build-tests)")
    occurrences = {path: store.occurrences(record) for path, record in records.items()}

    # What contains each declaration of this package (an accessor's property, a local function's
    # function), for the references inside declarations that the symbol graphs do not list.
    parent = {}
    for found in occurrences.values():
        for usr, roles, _, relations in found:
            if roles & ROLE_DEFINITION:
                for relation_roles, related in relations:
                    if relation_roles & (ROLE_REL_ACCESSOROF | ROLE_REL_CHILDOF | ROLE_REL_CONTAINEDBY):
                        parent.setdefault(usr, related)

    def isolation(container):
        seen = set()
        while container and container not in seen:
            if container in isolation_of_declaration:
                return isolation_of_declaration[container]
            seen.add(container)
            container = parent.get(container)
        return MAIN_ACTOR  # top-level code: the default isolation's

    used = {}
    for path, found in sorted(occurrences.items()):
        where = os.path.relpath(path, REPOSITORY)
        for usr, roles, line, relations in found:
            containers = [related for relation_roles, related in relations if relation_roles & ROLE_REL_CONTAINEDBY]
            targets = []
            if roles & ROLE_REFERENCE:
                targets.append(usr)
            if roles & ROLE_DEFINITION:
                targets += [related for relation_roles, related in relations if relation_roles & ROLE_REL_OVERRIDEOF]
                containers = containers or [usr]
            for target in targets:
                kind = isolation(containers[0] if containers else None)
                used.setdefault(target, {}).setdefault(kind, f"{where}:{line}")
    return used


def main():
    verbose = "--verbose" in sys.argv[1:]
    if not os.path.isdir(os.path.join(BUILD, "Modules")):
        fail("Tests/DefaultMainActor is not built: swift build --package-path Tests/DefaultMainActor --build-tests")
    with tempfile.TemporaryDirectory() as output:
        info = target_info()
        api, api_relationships = symbol_graphs(API_MODULES, "public", output, info)
        own, _ = symbol_graphs(PACKAGE_MODULES, "private", output, info)
    isolation_of_declaration = {
        symbol["identifier"]["precise"]: MAIN_ACTOR if is_main_actor(symbol) else NONISOLATED for symbol in own
    }
    used = uses(IndexStore(os.path.join(BUILD, "index", "store"), info), isolation_of_declaration)

    by_usr = {symbol["identifier"]["precise"]: symbol for symbol in api}
    name = {usr: ".".join(symbol["pathComponents"]) for usr, symbol in by_usr.items()}

    # A type is exercised when named, or through a member or a subclass.
    covering = {}
    for relationship in api_relationships:
        if relationship["kind"] in ("memberOf", "inheritsFrom") and relationship["target"] in by_usr:
            covering.setdefault(relationship["target"], []).append(relationship["source"])

    def exercised(usr, seen=()):
        if usr in used:
            return True
        if by_usr[usr]["kind"]["identifier"] in TYPE_KINDS:
            return any(exercised(other, seen + (usr,)) for other in covering.get(usr, []) if other not in seen)
        return False

    allowlisted = {usr for usr in by_usr if name[usr] in ALLOWLIST}
    problems = []
    types = {name[usr] for usr, symbol in by_usr.items() if symbol["kind"]["identifier"] in TYPE_KINDS}
    for added in sorted(types - set(PUBLIC_TYPES)):
        problems.append(f"{added} is a public type that PUBLIC_TYPES does not list: add it, or keep it internal")
    for removed in sorted(set(PUBLIC_TYPES) - types):
        problems.append(f"PUBLIC_TYPES lists {removed}, which is not a public type: remove it")
    flavours = sorted(flavour for flavour, of in PUBLIC_TYPES.items() if of and flavour in types)
    for listed, entries in (("ALLOWLIST", ALLOWLIST), ("NONISOLATED_ONLY", NONISOLATED_ONLY)):
        for entry in sorted(set(entries) - set(name.values())):
            problems.append(f"{listed} names {entry}, which is not a public symbol")
    for usr in sorted(allowlisted, key=lambda usr: name[usr]):
        if exercised(usr):
            problems.append(f"ALLOWLIST names {name[usr]}, which this package exercises: remove it")

    checked = [usr for usr in by_usr if usr not in allowlisted]
    missing = []
    counts = {"exercised": 0, MAIN_ACTOR: [0, 0], NONISOLATED: [0, 0]}
    members = 0
    for usr in sorted(checked, key=lambda usr: (name[usr], short_signature(by_usr[usr]))):
        symbol = by_usr[usr]
        if exercised(usr):
            counts["exercised"] += 1
        elif symbol["kind"]["identifier"] in TYPE_KINDS:
            missing.append((usr, "not exercised"))
        if symbol["kind"]["identifier"] in TYPE_KINDS:
            continue
        members += 1
        if is_main_actor(symbol):
            needed = [MAIN_ACTOR]
        elif name[usr] in NONISOLATED_ONLY:
            needed = [NONISOLATED]
        else:
            needed = [MAIN_ACTOR, NONISOLATED]
        lacking = [isolation for isolation in needed if isolation not in used.get(usr, {})]
        for isolation in needed:
            counts[isolation][1] += 1
            counts[isolation][0] += isolation not in lacking
        if lacking:
            missing.append((usr, "not exercised" if len(lacking) == len(needed) else f"not exercised from {lacking[0]} code"))

    print("The public API of Sheath and SheathTesting, exercised by Tests/DefaultMainActor:")
    print(f"  {counts['exercised']} of {len(checked)} public symbols exercised; {len(allowlisted)} allowlisted "
          f"({', '.join(sorted({name[usr] for usr in allowlisted}))})")
    print(f"  from main-actor code: {counts[MAIN_ACTOR][0]} of {counts[MAIN_ACTOR][1]} members "
          f"(and {members - counts[MAIN_ACTOR][1]} only nonisolated code uses: {', '.join(sorted(NONISOLATED_ONLY))})")
    print(f"  from nonisolated code: {counts[NONISOLATED][0]} of {counts[NONISOLATED][1]} members "
          f"(and {members - counts[NONISOLATED][1]} are @MainActor)")
    print(f"  public types: {len(types)}, of which {len(types) - len(flavours)} without the {len(flavours)} "
          f"main-actor and async flavours of them ({', '.join(flavours)})")
    if verbose:
        for usr in sorted(checked, key=lambda usr: name[usr]):
            for isolation, where in sorted(used.get(usr, {}).items()):
                print(f"    {name[usr]}: {isolation} at {where}")
    for usr, why in missing:
        problems.append(f"{why}: {name[usr]}  `{short_signature(by_usr[usr])}`")
    if problems:
        print(f"\n{len(problems)} problems:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
