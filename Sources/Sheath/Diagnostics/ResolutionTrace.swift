import Foundation

/// An opt-in log of what resolutions build: each factory that runs — for which key, by which binding,
/// in which graph, how deep — in the order they start.
///
/// Turn it on around the code you want to understand, as Factory's debugging trace does; with it off,
/// resolution does not look at it (the thread's resolution state sends a push to its slow path only
/// while a trace records):
///
/// ```swift
/// let (viewModel, trace) = ResolutionTrace.record {
///   flow.make(.profileViewModel, view)
/// }
/// print(trace)
/// // Keys.profileViewModel (.transient) by AppModule (App/Modules.swift:12)
/// //   in a child graph that opened .flow
/// // then, indented: Keys.followersData (.scoped(.flow)), and so on
/// ```
///
/// It records the factories the calling thread runs: an instance already built is read, not built,
/// and is not listed; an async key's factory, which runs in a task of its own, is not listed either.
public struct ResolutionTrace: Sendable, CustomStringConvertible {
  /// One factory run.
  public struct Event: Sendable, CustomStringConvertible {
    /// The key built, by name.
    public let key: String
    /// The binding's lifetime, such as `.singleton`.
    public let lifetime: String
    /// Where the binding that built it was made: a module's line, or the key's default.
    public let binding: BindingSource
    /// The graph that built it: `the root graph`, `a child graph that opened .flow`.
    public let graph: String
    /// How many factories were running around it: 0 for one the caller asked for.
    public let depth: Int

    /// `Keys.data (.singleton) by AppModule (App/Modules.swift:12) in the root graph`, indented by depth.
    public var description: String {
      String(repeating: "  ", count: depth) + "\(key) (\(lifetime)) by \(binding) in \(graph)"
    }
  }

  /// The factory runs, in the order they started.
  public let events: [Event]

  /// One line per event, indented by depth.
  public var description: String { events.map(\.description).joined(separator: "\n") }

  /// Runs `body`, recording every factory the calling thread runs while it does.
  ///
  /// - Parameter body: The code whose resolutions to record.
  /// - Returns: What `body` returned, and the trace.
  /// - Throws: What `body` throws.
  public static func record<Result>(_ body: () throws -> Result) rethrows -> (result: Result, trace: ResolutionTrace) {
    let recorder = Recorder()
    let result = try withExtendedLifetime(recorder) { try ResolutionStack.tracing(into: recorder, body) }
    return (result, ResolutionTrace(events: recorder.events))
  }

  /// Where a thread's trace collects events; only its thread writes to it.
  final class Recorder {
    private(set) var events: [Event] = []
    /// The thread's depth when the trace began: events count from there.
    var baseDepth = 0

    func record(_ key: Keys, _ lifetime: LifetimeKind, _ binding: AnyBinding, _ graph: Graph, depth: Int) {
      events.append(
        Event(
          key: key.name, lifetime: lifetime.description, binding: binding.source,
          graph: graph.diagnosticDescription, depth: max(0, depth - baseDepth)))
    }
  }
}
