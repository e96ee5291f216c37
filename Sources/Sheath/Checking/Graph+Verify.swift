extension Graph {
  /// Reads the whole graph as data, with no factory run, and reports every problem at once — or what
  /// it read.
  ///
  /// Building a graph checks every key it knows (``knownKeys``) — what its modules bind, override,
  /// require, contribute to or expose, and everything those declare they need — and `Graph(modules:)`
  /// throws if any of them cannot be resolved. `verify()` reads the same data and goes further:
  ///
  /// - keys the graph does not know, which the app resolves all the same: pass them as `entryPoints`
  ///   (or name them in a module with `b.expose(.key)`, which the build then checks too);
  /// - keys scoped to a scope no graph from here to the root opens, read as from child graphs that open
  ///   those scopes, in the order their keys need them: a `.flow` key that needs a `.session` key
  ///   needs `.session` open outside `.flow`;
  /// - every ``ChildGraphKey`` the graph knows: its child graph is built — its modules made and
  ///   checked, no factory run — and read the same way.
  ///
  /// It reports every missing binding with each path that needs it, every cycle, every captive
  /// dependency, scopes needed where they are not open, and child graphs that cannot be built. A key
  /// whose factory resolves through a ``Resolver`` (`{ r in … }`) declares nothing to read: the report
  /// lists it as unchecked, with the keys that a decorator taking a resolver wraps. Nothing is built, so `verify()` runs
  /// anywhere, with no side effect: in a test, a `main.swift`, or on the main actor.
  ///
  /// ```swift
  /// @Test func graphIsValid() throws {
  ///   let report = try AppGraph.make(environment: .live).verify()
  ///   #expect(report.uncheckedKeys.isEmpty)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open below this graph, outermost first; by default every scope a key
  ///     uses that this graph and its ancestors do not open, in the order the keys need.
  ///   - entryPoints: Keys to read besides those the graph knows.
  /// - Returns: What was read: every key, its binding and its dependencies, and the keys unchecked.
  /// - Throws: ``GraphError`` listing every problem, with the ``GraphError/report`` of what was read.
  @discardableResult
  public func verify(scopes: [Scope]? = nil, entryPoints: [Keys] = []) throws -> VerificationReport {
    let reading = GraphReading(self, scopes: scopes, entryPoints: entryPoints)
    let report = VerificationReport(reading)
    guard reading.problems.isEmpty else { throw GraphError(problems: reading.problems, report: report) }
    return report
  }

  // MARK: Sheath 0.1's signature, unavailable
  // Kept for at least one minor version after 0.2, with the rest of 0.1's names (Compatibility/).

  /// Unavailable: `verify()` takes no arguments.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open.
  ///   - arguments: Sample arguments of 0.1.
  ///   - entryPoints: Keys to check besides those the graph knows.
  /// - Returns: Nothing: unavailable.
  /// - Throws: Nothing: unavailable.
  @available(
    *, unavailable,
    message: "verify() takes no arguments: it reads every key as data; call verify() or verify(entryPoints: [...])"
  )
  @discardableResult
  public func verify(
    scopes: [Scope]? = nil, arguments: VerificationArguments, entryPoints: [Keys] = []
  ) throws -> VerificationReport {
    fatalError("unavailable")
  }
}

extension VerificationReport {
  init(_ reading: GraphReading) {
    self.init(
      keys: reading.keys, openedScopes: reading.openedScopes.map(\.description), childGraphs: reading.childGraphs)
  }
}
