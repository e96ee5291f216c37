// The floor: the same objects built with constructor calls, the singleton kept in a global `let` (which
// Swift initializes lazily, once, like a `static let`), a flow kept in an object that builds its data
// controller on first use (a heap object: see `openRegistrationFlow(api:)`). Nothing else: this is the
// floor each contender is measured against, so it does only what the app itself would do.

/// The hand-written app's singleton.
let handWrittenAPI: any APIClient = LiveAPIClient()

enum HandWritten {
  static func leaf() -> Loop {
    let sink = makeSink((any Validating).self)
    return { n in timeLoop(n, sink) { Validator() } }
  }

  /// Reading a global: the baseline for every contender's singleton resolve.
  static func singleton() -> Loop {
    _ = handWrittenAPI
    let sink = makeSink((any APIClient).self)
    return { n in timeLoop(n, sink) { handWrittenAPI } }
  }

  static func graph() -> Loop {
    let sink = makeSink(RegistrationViewModel.self)
    return { n in
      timeLoop(n, sink) {
        RegistrationViewModel(view: nil, data: DataController(api: handWrittenAPI), validator: Validator())
      }
    }
  }

  static func assisted() -> Loop {
    let view = sharedView
    let sink = makeSink(RegistrationViewModel.self)
    return { n in
      timeLoop(n, sink) {
        RegistrationViewModel(view: view, data: DataController(api: handWrittenAPI), validator: Validator())
      }
    }
  }

  static func flowOpen() -> Loop {
    let sink = makeSink((any DataControlling).self)
    return { n in timeLoop(n, sink) { openRegistrationFlow(api: handWrittenAPI).data } }
  }

  static func flowCached() -> Loop {
    let flow = RegistrationFlow(api: handWrittenAPI)
    _ = flow.data
    let sink = makeSink((any DataControlling).self)
    return { n in timeLoop(n, sink) { flow.data } }
  }

  static func threads() -> ThreadLoop {
    _ = handWrittenAPI
    let sinks = (0..<2).map { _ in makeSink(RegistrationViewModel.self) }
    return { thread, n in
      timeLoop(n, sinks[thread]) {
        RegistrationViewModel(view: nil, data: DataController(api: handWrittenAPI), validator: Validator())
      }
    }
  }

  static func deepChain(length: Int) -> Loop {
    let sink = makeSink(ChainNode.self)
    return { n in
      timeLoop(n, sink) {
        var node = ChainNode(next: nil)
        for _ in 1..<length { node = ChainNode(next: node) }
        return node
      }
    }
  }
}
