extension Graph {
  /// A graph for one preview: `modules` built for the ``AppEnvironment/preview`` environment, with
  /// `overrides` on top — typed, checked like any binding, and seen by this graph alone.
  ///
  /// Each call builds a new graph, so one preview's overrides never reach another's, and nothing is
  /// left to reset. As in a test graph, an override may bind a key that no module binds.
  ///
  /// ```swift
  /// #Preview("An empty cart") {
  ///   let graph = try! Graph.preview(modules: [AppModule()]) {
  ///     $0.override(.cartStore) { EmptyCartStore() }
  ///   }
  ///   CartScreen(model: graph[.cartModel])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - modules: The app's modules; those installed only in other environments are left out.
  ///   - overrides: This preview's overrides, registered after the modules: `$0.override(.key) { … }`.
  /// - Returns: The preview's graph.
  /// - Throws: ``GraphError`` when the modules and overrides cannot be built.
  public static func preview(
    modules: [any Module] = [], overrides: (inout Bindings) -> Void = { _ in }
  ) throws -> Graph {
    try Graph(parent: nil, scope: nil, environment: .preview, modules: modules) { bindings in
      // Registered as a test's overrides are: each may bind a key nothing else binds.
      bindings.testOverrideUsage = OverrideUsage()
      overrides(&bindings)
      bindings.testOverrideUsage = nil
    }
  }
}
