import Dependencies

// swift-dependencies, written the way its documentation says: each dependency is a `DependencyKey`
// with a `liveValue` and a computed property on `DependencyValues`, read with `@Dependency`. It has no
// per-resolution lifetimes: a key's value is created once (per context) and cached. So:
//
// - the singleton API client is a plain value (`liveValue` is created once and cached);
// - a transient object is a dependency whose value is a closure that builds a new instance — the
//   library's own idiom for "new each time" (like `\.uuid` or a client struct of closures) — and that
//   closure reads its own dependencies with `@Dependency` when it runs;
// - the assisted view model is such a closure with the view as its argument;
// - a flow is `withDependencies { $0.flowData = DataController(…) } operation: { … }`: the library's
//   way to give a stretch of code its own value of a dependency.
//
// Every operation declares `@Dependency` locally, which captures the current `DependencyValues` and
// looks the key up on access: the same per-resolution work a view model's `@Dependency` properties do.

private enum BenchAPIKey: DependencyKey {
  static let liveValue: any APIClient = LiveAPIClient()
}

private enum MakeValidatorKey: DependencyKey {
  static let liveValue: @Sendable () -> any Validating = { Validator() }
}

private enum MakeDataControllerKey: DependencyKey {
  static let liveValue: @Sendable () -> any DataControlling = {
    @Dependency(\.benchAPI) var api
    return DataController(api: api)
  }
}

private enum MakeViewModelKey: DependencyKey {
  static let liveValue: @Sendable () -> RegistrationViewModel = {
    @Dependency(\.makeDataController) var makeData
    @Dependency(\.makeValidator) var makeValidator
    return RegistrationViewModel(view: nil, data: makeData(), validator: makeValidator())
  }
}

private enum MakeAssistedViewModelKey: DependencyKey {
  static let liveValue: @Sendable (any RegistrationView) -> RegistrationViewModel = { view in
    @Dependency(\.makeDataController) var makeData
    @Dependency(\.makeValidator) var makeValidator
    return RegistrationViewModel(view: view, data: makeData(), validator: makeValidator())
  }
}

private enum FlowDataKey: DependencyKey {
  /// Outside a flow; every flow scenario overrides it with `withDependencies`.
  static let liveValue: any DataControlling = DataController(api: LiveAPIClient())
}

extension DependencyValues {
  var benchAPI: any APIClient {
    get { self[BenchAPIKey.self] }
    set { self[BenchAPIKey.self] = newValue }
  }

  var makeValidator: @Sendable () -> any Validating {
    get { self[MakeValidatorKey.self] }
    set { self[MakeValidatorKey.self] = newValue }
  }

  var makeDataController: @Sendable () -> any DataControlling {
    get { self[MakeDataControllerKey.self] }
    set { self[MakeDataControllerKey.self] = newValue }
  }

  var makeViewModel: @Sendable () -> RegistrationViewModel {
    get { self[MakeViewModelKey.self] }
    set { self[MakeViewModelKey.self] = newValue }
  }

  var makeAssistedViewModel: @Sendable (any RegistrationView) -> RegistrationViewModel {
    get { self[MakeAssistedViewModelKey.self] }
    set { self[MakeAssistedViewModelKey.self] = newValue }
  }

  var flowData: any DataControlling {
    get { self[FlowDataKey.self] }
    set { self[FlowDataKey.self] = newValue }
  }
}

enum DependenciesContender {
  static func leaf() -> Loop {
    let sink = makeSink((any Validating).self)
    return { n in
      timeLoop(n, sink) {
        @Dependency(\.makeValidator) var makeValidator
        return makeValidator()
      }
    }
  }

  static func singleton() -> Loop {
    let sink = makeSink((any APIClient).self)
    return { n in
      timeLoop(n, sink) {
        @Dependency(\.benchAPI) var api
        return api
      }
    }
  }

  static func graph() -> Loop {
    let sink = makeSink(RegistrationViewModel.self)
    return { n in
      timeLoop(n, sink) {
        @Dependency(\.makeViewModel) var makeViewModel
        return makeViewModel()
      }
    }
  }

  static func assisted() -> Loop {
    let view = sharedView
    let sink = makeSink(RegistrationViewModel.self)
    return { n in
      timeLoop(n, sink) {
        @Dependency(\.makeAssistedViewModel) var makeViewModel
        return makeViewModel(view)
      }
    }
  }

  static func flowOpen() -> Loop {
    let sink = makeSink((any DataControlling).self)
    return { n in
      timeLoop(n, sink) {
        withDependencies {
          $0.flowData = DataController(api: $0.benchAPI)
        } operation: {
          @Dependency(\.flowData) var data
          return data
        }
      }
    }
  }

  static func flowCached() -> Loop {
    let sink = makeSink((any DataControlling).self)
    return { n in
      withDependencies {
        $0.flowData = DataController(api: $0.benchAPI)
      } operation: {
        timeLoop(n, sink) {
          @Dependency(\.flowData) var data
          return data
        }
      }
    }
  }

  static func threads() -> ThreadLoop {
    let sinks = (0..<2).map { _ in makeSink(RegistrationViewModel.self) }
    return { thread, n in
      timeLoop(n, sinks[thread]) {
        @Dependency(\.makeViewModel) var makeViewModel
        return makeViewModel()
      }
    }
  }

  /// The generated chain of 100 keys (Generated/DependenciesChain.swift), each building the next.
  static func deepChain() -> Loop {
    let sink = makeSink(ChainNode.self)
    return { n in
      timeLoop(n, sink) {
        @Dependency(\.chain0) var head
        return head()
      }
    }
  }
}
