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

/// A module that stands for another, or for nothing, depending on the environment: installing it
/// installs what it wraps, so that paths and deduplication see the wrapped module.
protocol ModuleWrapper {
  /// The module to install when the graph is built for `environment`, if any.
  func module(in environment: AppEnvironment) -> (any Module)?
}

/// A module type installed in a graph: how it was configured and reached, for deduplication and
/// diagnostics.
struct InstalledModule: Sendable {
  enum Origin: Sendable {
    /// Listed when the graph was built.
    case listed
    /// Reached through `include`.
    case included
    /// Installed by an ancestor graph.
    case inherited
  }

  /// The module's value as text (`String(describing:)`): equal texts are one configuration.
  let configuration: String
  /// `AppModule > NetworkModule`.
  let path: String
  let origin: Origin

  /// This module as a child graph sees it.
  func inherited() -> InstalledModule {
    InstalledModule(configuration: configuration, path: path, origin: .inherited)
  }
}
