# 1,000 keys in 10 files, 0-3 deps each (same shape as computed-keys/tools/gen.py), one copy per surface.
import random, os, shutil
N, FILES = 1000, 10
PER = N // FILES
def deps(n):
    r = random.Random(n); k = min(n, n % 4); return sorted(r.sample(range(n), k))
def single(n): return n % 3 == 0
def types_file(f):
    out = []
    for n in range(f * PER, (f + 1) * PER):
        d = deps(n)
        out.append(f"protocol P{n:04}: AnyObject {{}}")
        fields = "".join(f" let d{i}: any P{x:04};" for i, x in enumerate(d))
        params = ", ".join(f"d{i}: any P{x:04}" for i, x in enumerate(d))
        assigns = "; ".join(f"self.d{i} = d{i}" for i in range(len(d)))
        out.append(f"final class C{n:04}: P{n:04} {{{fields} init({params}) {{ {assigns} }} }}")
        if n % 10 == 0: out.append(f"final class F{n:04}: P{n:04} {{ init() {{}} }}")
    return "\n".join(out) + "\n"
def keys_file(imp, f):
    out = [f"import KeyCore\nimport {imp}\n\nextension Keys {{"]
    for n in range(f * PER, (f + 1) * PER):
        d = deps(n)
        a = ([".singleton"] if single(n) else [".transient"]) + [f".k{x:04}" for x in d]
        ps = ", ".join(f"d{i}" for i in range(len(d)))
        head = f" {ps} in" if d else ""
        args = ", ".join(f"d{i}: d{i}" for i in range(len(d)))
        out.append(f"  static var k{n:04}: Key<any P{n:04}> {{\n    Key({', '.join(a)}) {{{head}\n      C{n:04}({args})\n    }}\n  }}")
    out.append("}")
    return "\n".join(out) + "\n"
def wiring(imp):
    ov = [n for n in range(N) if n % 10 == 0]; use = [n for n in range(N) if n % 10 == 7]
    s = [f"import KeyCore\nimport {imp}\n\nfunc testOverrides(_ b: inout Bindings) {{"]
    s += [f"  b.bind(.k{n:04}) {{ F{n:04}() }}" for n in ov]
    s.append("}\n\npublic func makeGraph() -> Graph { Graph(testOverrides) }\n\npublic func useSome(_ g: Graph) {")
    s += [f"  let x{n:04} = g[.k{n:04}]; _ = x{n:04}" for n in use]
    s.append("}")
    return "\n".join(s) + "\n"
# Follow-up 2: every key also bound in a module, with its declared dependencies, in 10 module files:
# per-arity `b.bind(.k, .transient, .a) { d0 in C(d0: d0) }` (AppBindArity, SurfaceArity) or the
# recipe form `b.bind(.k, Key(.transient, .a) { d0 in C(d0: d0) })` (AppBindRecipe, SurfaceRecipe).
def modules_file(imp, f, recipe):
    out = [f"import KeyCore\nimport {imp}\n\nfunc module{f}(_ b: inout Bindings) {{"]
    for n in range(f * PER, (f + 1) * PER):
        d = deps(n)
        a = ([".singleton"] if single(n) else [".transient"]) + [f".k{x:04}" for x in d]
        ps = ", ".join(f"d{i}" for i in range(len(d)))
        head = f" {ps} in" if d else ""
        args = ", ".join(f"d{i}: d{i}" for i in range(len(d)))
        if recipe:
            out.append(f"  b.bind(.k{n:04}, Key({', '.join(a)}) {{{head}\n    C{n:04}({args})\n  }})")
        else:
            out.append(f"  b.bind(.k{n:04}, {', '.join(a)}) {{{head}\n    C{n:04}({args})\n  }}")
    out.append("}")
    return "\n".join(out) + "\n"
def bind_wiring(imp, recipe):
    ov = [n for n in range(N) if n % 10 == 0]; use = [n for n in range(N) if n % 10 == 7]
    s = [f"import KeyCore\nimport {imp}\n\nfunc testOverrides(_ b: inout Bindings) {{"]
    s += [f"  b.bind(.k{n:04}, Key {{ F{n:04}() }})" if recipe else f"  b.bind(.k{n:04}) {{ F{n:04}() }}" for n in ov]
    mods = ", ".join(f"module{f}" for f in range(FILES))
    s.append(f"}}\n\npublic func makeGraph() -> Graph {{ Graph({mods}, testOverrides) }}\n\npublic func useSome(_ g: Graph) {{")
    s += [f"  let x{n:04} = g[.k{n:04}]; _ = x{n:04}" for n in use]
    s.append("}")
    return "\n".join(s) + "\n"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen")
for style, imp in [("Base", None), ("Packs", "SurfacePacks"), ("Arity", "SurfaceArity")]:
    d = os.path.join(root, "App" + style); shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    for f in range(FILES):
        open(os.path.join(d, f"Types{f}.swift"), "w").write(types_file(f))
        if imp: open(os.path.join(d, f"Keys{f}.swift"), "w").write(keys_file(imp, f))
    open(os.path.join(d, "Wiring.swift"), "w").write(wiring(imp) if imp else "public func touch() {}\n")
for style, imp, recipe in [("BindArity", "SurfaceArity", False), ("BindRecipe", "SurfaceRecipe", True)]:
    d = os.path.join(root, "App" + style); shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    for f in range(FILES):
        open(os.path.join(d, f"Types{f}.swift"), "w").write(types_file(f))
        open(os.path.join(d, f"Keys{f}.swift"), "w").write(keys_file(imp, f))
        open(os.path.join(d, f"Module{f}.swift"), "w").write(modules_file(imp, f, recipe))
    open(os.path.join(d, "Wiring.swift"), "w").write(bind_wiring(imp, recipe))
