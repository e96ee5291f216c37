// swift-format-ignore-file: NeverForceUnwrap
// NB: `resolve(…)!` is how Swinject is written (resolution returns an Optional).

import Swinject

// Swinject, written the way its README says: one `Container`, services registered by protocol type,
// the API client in `.container` scope (a singleton), everything else `.transient` (a new instance per
// resolve; Swinject's default `.graph` scope would also share an instance within one resolution, which
// this graph never needs). Dependencies are resolved inside the factories with `r.resolve(…)!`.
//
// A Swinject `Container` is not thread-safe for resolution; its documented way to resolve from several
// threads is `container.synchronize()`, a resolver that takes one recursive lock per resolve. The
// thread scenarios use that (for both the 1-thread and the 2-thread figure); the others use the
// container directly.

enum SwinjectContender {
  static func makeContainer() -> Container {
    let container = Container()
    container.register((any APIClient).self) { _ in LiveAPIClient() }
      .inObjectScope(.container)
    container.register((any Validating).self) { _ in Validator() }
      .inObjectScope(.transient)
    container.register((any DataControlling).self) { r in
      DataController(api: r.resolve((any APIClient).self)!)
    }
    .inObjectScope(.transient)
    container.register(RegistrationViewModel.self) { r in
      RegistrationViewModel(
        view: nil, data: r.resolve((any DataControlling).self)!, validator: r.resolve((any Validating).self)!)
    }
    .inObjectScope(.transient)
    container.register(RegistrationViewModel.self) { (r, view: any RegistrationView) in
      RegistrationViewModel(
        view: view, data: r.resolve((any DataControlling).self)!, validator: r.resolve((any Validating).self)!)
    }
    .inObjectScope(.transient)
    return container
  }

  static func leaf() -> Loop {
    let container = makeContainer()
    let sink = makeSink((any Validating).self)
    return { n in timeLoop(n, sink) { container.resolve((any Validating).self)! } }
  }

  static func singleton() -> Loop {
    let container = makeContainer()
    _ = container.resolve((any APIClient).self)
    let sink = makeSink((any APIClient).self)
    return { n in timeLoop(n, sink) { container.resolve((any APIClient).self)! } }
  }

  static func graph() -> Loop {
    let container = makeContainer()
    let sink = makeSink(RegistrationViewModel.self)
    return { n in timeLoop(n, sink) { container.resolve(RegistrationViewModel.self)! } }
  }

  static func assisted() -> Loop {
    let container = makeContainer()
    let view = sharedView
    let sink = makeSink(RegistrationViewModel.self)
    return { n in
      // NB: `as any RegistrationView` stops Swift from opening the existential (SE-0352), which would make
      // Swinject look for a factory taking `TerminalRegistrationView`.
      timeLoop(n, sink) { container.resolve(RegistrationViewModel.self, argument: view as any RegistrationView)! }
    }
  }

  /// A flow is a child container that registers the flow's data controller in `.container` scope: one
  /// per child, released with it. Registering is part of opening a flow in Swinject.
  static func makeFlow(parent: Container) -> Container {
    let flow = Container(parent: parent)
    flow.register((any DataControlling).self) { r in DataController(api: r.resolve((any APIClient).self)!) }
      .inObjectScope(.container)
    return flow
  }

  static func flowOpen() -> Loop {
    let container = makeContainer()
    _ = container.resolve((any APIClient).self)
    let sink = makeSink((any DataControlling).self)
    return { n in
      timeLoop(n, sink) { makeFlow(parent: container).resolve((any DataControlling).self)! }
    }
  }

  static func flowCached() -> Loop {
    let flow = makeFlow(parent: makeContainer())
    _ = flow.resolve((any DataControlling).self)
    let sink = makeSink((any DataControlling).self)
    return { n in timeLoop(n, sink) { flow.resolve((any DataControlling).self)! } }
  }

  static func threads() -> ThreadLoop {
    let resolver = makeContainer().synchronize()
    let sinks = (0..<2).map { _ in makeSink(RegistrationViewModel.self) }
    return { thread, n in timeLoop(n, sinks[thread]) { resolver.resolve(RegistrationViewModel.self)! } }
  }

  /// `length` named registrations of `ChainNode`, each resolving the next by name.
  static func deepChain(length: Int) -> Loop {
    let container = makeContainer()
    let names = (0..<length).map { "chain\($0)" }
    container.register(ChainNode.self, name: names[length - 1]) { _ in ChainNode(next: nil) }
      .inObjectScope(.transient)
    for index in 0..<(length - 1) {
      let next = names[index + 1]
      container.register(ChainNode.self, name: names[index]) { r in
        ChainNode(next: r.resolve(ChainNode.self, name: next)!)
      }
      .inObjectScope(.transient)
    }
    let head = names[0]
    let sink = makeSink(ChainNode.self)
    return { n in timeLoop(n, sink) { container.resolve(ChainNode.self, name: head)! } }
  }
}
