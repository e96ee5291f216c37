import Foundation

#if compiler(>=6.2)
  // NB: a conformance to a protocol that refines `SendableMetatype` cannot be isolated to an actor, and
  // a type that declares such a conformance is not inferred `@MainActor` in a default-MainActor module
  // (SE-0466, SE-0470). Without it, `struct AppModule: Module` there is a main-actor type with a
  // main-actor conformance, and `Graph(modules: [AppModule()])` compiles only on the main actor —
  // never in the `.graph(modules:)` trait's `@Sendable` closure ("main actor-isolated conformance of
  // 'AppModule' to 'Module' cannot be used in nonisolated context"). Swift 6.0 and 6.1 have neither,
  // and compile the declaration after `#else`: the same protocol without the refinement, documented
  // alike, since DocC sees only the one compiled.
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
  ///     // must return `any UserAPI`: checked
  ///     b.bind(.userAPI) { _ in FakeUserAPI(users: users) }
  ///   }
  /// }
  ///
  /// let api: any Module = isMock ? FakeAPIModule() : LiveAPIModule()
  /// let graph = try Graph(modules: [AppModule(), api])
  /// ```
  ///
  /// In a target whose default actor isolation is the main actor (every new Xcode 26 app target), a
  /// module stays nonisolated, so the app's modules can be installed anywhere: in `Graph(modules:)` on
  /// any thread, in a child graph, in SheathTesting's `.graph(modules:)` trait.
  public protocol Module: SendableMetatype {
    /// Registers this module's bindings, contributions and requirements.
    ///
    /// - Parameter bindings: The builder to register into.
    func register(into bindings: inout Bindings)
  }
#else
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
  ///     // must return `any UserAPI`: checked
  ///     b.bind(.userAPI) { _ in FakeUserAPI(users: users) }
  ///   }
  /// }
  ///
  /// let api: any Module = isMock ? FakeAPIModule() : LiveAPIModule()
  /// let graph = try Graph(modules: [AppModule(), api])
  /// ```
  ///
  /// In a target whose default actor isolation is the main actor (every new Xcode 26 app target), a
  /// module stays nonisolated, so the app's modules can be installed anywhere: in `Graph(modules:)` on
  /// any thread, in a child graph, in SheathTesting's `.graph(modules:)` trait.
  public protocol Module {
    /// Registers this module's bindings, contributions and requirements.
    ///
    /// - Parameter bindings: The builder to register into.
    func register(into bindings: inout Bindings)
  }
#endif

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

  /// The module's value, described only when another installation of its type is compared with it.
  let value: ModuleValue
  /// `AppModule > NetworkModule`.
  let path: String
  let origin: Origin

  /// The module's value as text (`String(describing:)`): equal texts are one configuration.
  var configuration: String { value.description }

  /// This module as a child graph sees it.
  func inherited() -> InstalledModule {
    InstalledModule(value: value, path: path, origin: .inherited)
  }
}

/// An installed module's value, and its description once something asked for it.
///
/// Describing a module reflects over every stored property — 1,000 keys in a generated module take
/// milliseconds — and is only needed when a module type is installed again, to compare the two
/// configurations; so it waits until then, and happens at most once.
final class ModuleValue: @unchecked Sendable {
  // @unchecked: `module` is read and `text` written only under `lock`. The module is the graph's own
  // copy of the value it was built with, never changed after; describing it reads its properties.
  private let lock = NSLock()
  private var module: (any Module)?
  private var text: String?

  init(_ module: any Module) {
    self.module = module
  }

  /// `String(describing:)` of the module.
  var description: String {
    lock.lock()
    defer { lock.unlock() }
    if let text { return text }
    let described = module.map { String(describing: $0) } ?? ""
    text = described
    module = nil
    return described
  }
}
