import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request that may be cancelled before or after it starts.
final class PendingRequest: @unchecked Sendable {
  // @unchecked: `task` and `isCancelled` are only accessed under `lock`.
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false

  /// Sends `request` and waits for the whole response; cancelling the calling task cancels the request.
  ///
  /// NB: not `URLSession.data(for:)`. In swift-corelibs-foundation its cancellation handler calls
  /// `URLSessionTask.cancel()`, which waits on the session's queue, while the runtime holds the task's
  /// status lock — and the session's queue may at that moment be resuming the same task, which needs
  /// that lock: a deadlock (seen in about one run in four when a failed `async let` cancels its
  /// sibling request). Cancelling from another queue breaks the cycle.
  static func load(_ request: URLRequest, with session: URLSession) async throws -> (Data, URLResponse) {
    let pending = PendingRequest()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      DispatchQueue.global().async { pending.cancel() }
    }
  }

  /// Starts `task`, or cancels it at once if the request was cancelled already.
  private func start(_ task: URLSessionDataTask) {
    let cancelled = lock.withLock {
      self.task = task
      return isCancelled
    }
    task.resume()
    if cancelled { task.cancel() }
  }

  /// Cancels the request, now or when it starts.
  private func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}
