#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Loads each library named on its command line, in order, and runs its `framework_run`, as an app
// runs code from the dynamic frameworks it embeds. Tests/TwoCopies/run.sh runs it.
// Usage: App [--global] LIBRARY...
//
// NB: by default each library is loaded with RTLD_LOCAL, which keeps its symbols to itself, as two
// macOS frameworks keep theirs with two-level namespaces. `--global` loads them with RTLD_GLOBAL, the
// scope a Linux app's linked libraries share: then the Sheath symbols that the second library reaches
// through its GOT (the C runtime's functions, globals and thread-local state; some type metadata,
// witness tables and conformance descriptors) are bound to the first library's. Its Swift functions,
// globals and KeyRegistry's metadata, which the copy check reads, stay its own.

typealias Run = @convention(c) () -> Int32

func fail(_ message: String) -> Never {
  var line = "App: \(message)\n"
  line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}

var paths = CommandLine.arguments.dropFirst()
let scope = paths.first == "--global" ? RTLD_GLOBAL : RTLD_LOCAL
if scope == RTLD_GLOBAL { paths.removeFirst() }

for path in paths {
  guard let library = dlopen(path, RTLD_NOW | scope) else {
    fail("cannot load \(path): \(dlerror().map { String(cString: $0) } ?? "unknown error")")
  }
  // NB: dlsym with a library's handle looks in that library first, so each library's own
  // framework_run is found, although both export the name.
  guard let symbol = dlsym(library, "framework_run") else {
    fail("\(path) has no framework_run")
  }
  let run = unsafeBitCast(symbol, to: Run.self)
  guard run() == 0 else {
    fail("framework_run of \(path) failed")
  }
}
