import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The few BSD-socket calls the loopback server needs, the same on Linux and Darwin.
enum Socket {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  /// A listening, non-blocking TCP socket on 127.0.0.1 and a free port.
  ///
  /// - Returns: The socket and its port.
  /// - Throws: ``LoopbackServerError`` when a call fails.
  static func listenOnLoopback() throws -> (socket: Int32, port: Int) {
    let (listener, port) = try bindLoopback()
    guard listen(listener, 64) == 0 else {
      _ = close(listener)
      throw LoopbackServerError(description: "listen failed: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    return (listener, port)
  }

  /// A loopback port that was free a moment ago and has nothing listening on it: for "connection refused".
  ///
  /// - Returns: The port.
  /// - Throws: ``LoopbackServerError`` when no socket could be bound.
  static func closedLoopbackPort() throws -> Int {
    let (socket, port) = try bindLoopback()
    _ = close(socket)
    return port
  }

  private static func bindLoopback() throws -> (socket: Int32, port: Int) {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else {
      throw LoopbackServerError(description: "socket failed: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // the tests start processes, which must not inherit it
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else {
      let reason = String(cString: strerror(errno))
      _ = close(fd)
      throw LoopbackServerError(description: "bind to 127.0.0.1 failed: \(reason)")
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }
}

/// One accepted connection: blocking reads with a time limit, writes that never raise SIGPIPE, and a
/// close that happens once — so a late answer never writes to a descriptor number reused since.
final class Connection: @unchecked Sendable {
  // @unchecked: `fd` is only read or changed under `lock`.
  private let lock = NSLock()
  private var fd: Int32?

  init(_ fd: Int32) {
    self.fd = fd
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)  // Darwin's accept inherits O_NONBLOCK
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var one: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Reads up to the blank line that ends a request's header; `nil` when the client sent none.
  func readHead() -> String? {
    guard let fd = lock.withLock({ fd }) else { return nil }
    var head = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Data("\r\n\r\n".utf8)
    while head.range(of: end) == nil, head.count < 65_536 {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { return nil }
      head.append(buffer, count: count)
    }
    guard let range = head.range(of: end) else { return nil }
    return String(decoding: head[..<range.lowerBound], as: UTF8.self)
  }

  /// Writes all of `data`, unless the connection was closed or the client went away.
  func reply(_ data: Data) {
    #if canImport(Darwin)
      let flags: Int32 = 0  // SO_NOSIGPIPE is set instead
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    lock.withLock {
      guard let fd else { return }
      data.withUnsafeBytes { bytes in
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
          let written = send(fd, start + offset, bytes.count - offset, flags)
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { return }
          offset += written
        }
      }
    }
  }

  /// Closes the connection; later calls do nothing.
  func hangUp() {
    lock.withLock {
      guard let open = fd else { return }
      fd = nil
      _ = shutdown(open, Int32(SHUT_RDWR))
      _ = close(open)
    }
  }
}
