/// A group of bindings that says how to build some of the things a graph provides.
///
/// Modules are Dagger's idea, as Swift structs: each one registers bindings in
/// ``register(into:)``, may include other modules, and can carry configuration in its properties. A
/// graph is built from a list of modules, so a whole layer swaps in one line:
///
/// ```swift
/// struct FakeAPIModule: Module {
///   var users: [FakeUser] = .samples
///
///   func register(into b: inout Bindings) {
///     b.bind(.userAPI) { _ in FakeUserAPI(users: users) }   // must return `any UserAPI`: checked
///   }
/// }
///
/// let graph = try Graph(modules: [AppModule(), isMock ? FakeAPIModule() : LiveAPIModule()])
/// ```
public protocol Module {
  /// Registers this module's bindings, contributions and requirements.
  ///
  /// - Parameter bindings: The builder to register into.
  func register(into bindings: inout Bindings)
}

extension Module {
  /// The module's name in diagnostics: its type's name.
  var diagnosticName: String { String(describing: type(of: self)) }
}
