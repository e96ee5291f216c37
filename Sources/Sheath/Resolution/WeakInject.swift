import Foundation

/// A back-reference resolved from the ambient graph on first use and held weakly: for an object that
/// must reach a longer-lived one without keeping it alive — a view controller and the coordinator that
/// shows it, a row and its list.
///
/// ```swift
/// final class ProfileViewController: UIViewController {
///   @WeakInject(.coordinator) var coordinator: AppCoordinator?
///
///   func showFollowers() { coordinator?.showFollowers() }
/// }
/// ```
///
/// The graph is the ambient one (``Graph/current``, or the bootstrapped graph) when the object is
/// initialized; the key is resolved the first time the property is read, on the main actor, and the
/// instance is then held weakly: once nothing else holds it, the property is `nil`. Neither the
/// instance nor the graph is kept alive by the property, so a coordinator that holds the view
/// controller it shows never forms a cycle with it; but the graph must outlive the property's first
/// read, or that read stops the program at the property (after ``Graph/bootstrap(_:)`` replaced the
/// graph, say, create the object again). Use it for shared instances (`.singleton`, `.scoped`,
/// `.weak`): a transient value would be released as soon as it is built. (Factory calls this
/// `@WeakLazyInjected`.)
@MainActor
@propertyWrapper
public struct WeakInject<Value> {
  private let storage: Storage

  /// Resolves `key` from the ambient graph when the property is first read.
  ///
  /// - Parameters:
  ///   - key: The key of a shared instance; its value must be a class instance.
  ///   - fileID: Where the property is declared: a stop — no graph set, its graph released before the
  ///     first read, a missing binding — points there.
  ///   - line: Where the property is declared, likewise.
  public init(_ key: Key<Value>, fileID: StaticString = #fileID, line: Int = #line) {
    let anchor = Graph.ambient(for: key, .weakInject, fileID: fileID, line: line).anchor
    storage = Storage(key: key) {
      anchor.graph(resolvingPropertyOf: key, fileID: fileID, line: line)[key, fileID: fileID, line: UInt(max(0, line))]
    }
  }

  /// Resolves a main-actor `key` from the ambient graph when the property is first read.
  ///
  /// - Parameters:
  ///   - key: The key of a shared main-actor instance; its value must be a class instance.
  ///   - fileID: Where the property is declared: a stop — no graph set, its graph released before the
  ///     first read, a missing binding — points there.
  ///   - line: Where the property is declared, likewise.
  public init(_ key: MainActorKey<Value>, fileID: StaticString = #fileID, line: Int = #line) {
    let anchor = Graph.ambient(for: key, .weakInject, fileID: fileID, line: line).anchor
    storage = Storage(key: key) {
      anchor.graph(resolvingPropertyOf: key, fileID: fileID, line: line)[key, fileID: fileID, line: UInt(max(0, line))]
    }
  }

  /// The instance, resolved on first read; `nil` once nothing else holds it.
  public var wrappedValue: Value? {
    storage.value
  }

  /// Where the property keeps what it resolved: a weak reference, and whether it resolved yet.
  @MainActor
  private final class Storage {
    private let key: Keys
    private var resolve: (@MainActor () -> Value)?
    private weak var object: AnyObject?

    init(key: Keys, resolve: @escaping @MainActor () -> Value) {
      self.key = key
      self.resolve = resolve
    }

    var value: Value? {
      if let resolve {
        self.resolve = nil
        let value = resolve()
        switch WeakHold(value) {
        case .object(let object): self.object = object
        case .nothing: return nil
        case .notAnObject(let type): ResolutionFailure.weakValueNotAnObject(key, valueType: type).trap()
        }
        return value
      }
      return object.flatMap { $0 as? Value }
    }
  }
}

extension GraphAnchor {
  /// The graph a `@WeakInject` property at `fileID` and `line` took, or a stop there naming `key` when
  /// the graph was released before the property's first read.
  fileprivate func graph(resolvingPropertyOf key: Keys, fileID: StaticString, line: Int) -> Graph {
    guard let graph else {
      let property = CodeLocation(fileID: "\(fileID)", line: line)
      ResolutionStack.stop(
        .weakInjectGraphReleased(key, property, graphDescription: graphDescription),
        at: CallSite(fileID: fileID, line: UInt(max(0, line))))
    }
    return graph
  }
}
