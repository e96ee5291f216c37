import Sheath

// Sheath, written the way its README says: keys that declare their dependencies, with default
// factories, in an extension of `Keys`; a module that binds what the app decides (here the API client,
// as a singleton); a graph built once.

extension Keys {
  static var api: Key<any APIClient> { Key(.singleton) { LiveAPIClient() } }
  static var validator: Key<any Validating> { Key { Validator() } }
  /// The same key, read once and kept in a stored property: the leaf row without a computed key's
  /// read, so that the two rows' difference is what reading one costs.
  static let validatorInStaticLet: Key<any Validating> = validator
  /// The singleton's key kept the same way: the singleton row without the computed key's read, the
  /// form the independent harness (`bench-floor`) measures.
  static let apiInStaticLet: Key<any APIClient> = api
  static var data: Key<any DataControlling> { Key(.transient, .api) { api in DataController(api: api) } }
  static var flowData: Key<any DataControlling> { Key(.scoped(.flow), .api) { api in DataController(api: api) } }
  static var viewModel: Key<RegistrationViewModel> {
    Key(.transient, .data, .validator) { data, validator in
      RegistrationViewModel(view: nil, data: data, validator: validator)
    }
  }
  static var assistedViewModel: AssistedKey<any RegistrationView, RegistrationViewModel> {
    AssistedKey(.data, .validator) { view, data, validator in
      RegistrationViewModel(view: view, data: data, validator: validator)
    }
  }
}

// The same view model graph through the escape hatch, `{ r in … }` factories that resolve from a
// resolver (edges unchecked): the `graph-resolver` row, so that this path stays measured too.
extension Keys {
  static var escapeHatchValidator: Key<any Validating> { Key { _ in Validator() } }
  static var escapeHatchData: Key<any DataControlling> { Key { r in DataController(api: r[.api]) } }
  static var escapeHatchViewModel: Key<RegistrationViewModel> {
    Key { r in
      RegistrationViewModel(view: nil, data: r[.escapeHatchData], validator: r[.escapeHatchValidator])
    }
  }
}

extension Scope {
  static let flow = Scope("flow")
}

struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.api, .singleton) { LiveAPIClient() }
    // The keys the app resolves that nothing else names, so that building the graph checks them and
    // all they need (README: "A module can name keys it provides with their defaults").
    b.expose(.viewModel)
    b.expose(.assistedViewModel)
    b.expose(.flowData)
  }
}

/// Names the head of the deep chain, as `AppModule` names the keys the app resolves.
struct ChainModule: Module {
  let head: Key<ChainNode>

  func register(into b: inout Bindings) {
    b.expose(head)
  }
}

enum SheathContender {
  static func makeGraph() -> Graph {
    do {
      return try Graph(modules: [AppModule()])
    } catch {
      fatalError("the benchmark graph does not build: \(error)")
    }
  }

  static func leaf() -> Loop {
    let graph = makeGraph()
    let sink = makeSink((any Validating).self)
    return { n in timeLoop(n, sink) { graph[.validator] } }
  }

  static func leafThroughStoredKey() -> Loop {
    let graph = makeGraph()
    let sink = makeSink((any Validating).self)
    return { n in timeLoop(n, sink) { graph[.validatorInStaticLet] } }
  }

  static func singleton() -> Loop {
    let graph = makeGraph()
    _ = graph[.api]
    let sink = makeSink((any APIClient).self)
    return { n in timeLoop(n, sink) { graph[.api] } }
  }

  static func singletonThroughStoredKey() -> Loop {
    let graph = makeGraph()
    _ = graph[.apiInStaticLet]
    let sink = makeSink((any APIClient).self)
    return { n in timeLoop(n, sink) { graph[.apiInStaticLet] } }
  }

  static func graph() -> Loop {
    let graph = makeGraph()
    let sink = makeSink(RegistrationViewModel.self)
    return { n in timeLoop(n, sink) { graph[.viewModel] } }
  }

  static func assisted() -> Loop {
    let graph = makeGraph()
    let view = sharedView
    let sink = makeSink(RegistrationViewModel.self)
    return { n in timeLoop(n, sink) { graph.make(.assistedViewModel, view) } }
  }

  /// Opens a flow (a child graph for the scope) and resolves its scoped data controller, which the
  /// child builds; the child is released with the next iteration.
  static func flowOpen() -> Loop {
    let graph = makeGraph()
    let sink = makeSink((any DataControlling).self)
    return { n in
      timeLoop(n, sink) {
        let flow = graph.child(scope: .flow)
        return flow[.flowData]
      }
    }
  }

  /// Resolves the scoped data controller that an open flow already holds.
  static func flowCached() -> Loop {
    let flow = makeGraph().child(scope: .flow)
    _ = flow[.flowData]
    let sink = makeSink((any DataControlling).self)
    return { n in timeLoop(n, sink) { flow[.flowData] } }
  }

  /// The graph resolve through escape-hatch keys (`{ r in … }`).
  static func graphThroughResolvers() -> Loop {
    let graph = makeGraph()
    let sink = makeSink(RegistrationViewModel.self)
    return { n in timeLoop(n, sink) { graph[.escapeHatchViewModel] } }
  }

  static func threads() -> ThreadLoop {
    let graph = makeGraph()
    let sinks = (0..<2).map { _ in makeSink(RegistrationViewModel.self) }
    return { thread, n in timeLoop(n, sinks[thread]) { graph[.viewModel] } }
  }

  /// A chain of `length` transient keys, each resolving the next; returns the head.
  static func chainKeys(length: Int) -> Key<ChainNode> {
    var next = Key<ChainNode>(name: "chain\(length - 1)") { ChainNode(next: nil) }
    for index in stride(from: length - 2, through: 0, by: -1) {
      let tail = next
      next = Key<ChainNode>(.transient, tail, name: "chain\(index)") { tail in ChainNode(next: tail) }
    }
    return next
  }

  static func deepChain(length: Int) -> Loop {
    let head = chainKeys(length: length)
    let graph: Graph
    do {
      graph = try Graph(modules: [AppModule(), ChainModule(head: head)])
    } catch {
      fatalError("the chain graph does not build: \(error)")
    }
    let sink = makeSink(ChainNode.self)
    return { n in timeLoop(n, sink) { graph[head] } }
  }
}
