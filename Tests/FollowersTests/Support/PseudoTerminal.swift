import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs the `followers` executable with a pseudo-terminal as its standard input and output — what
/// a person at a terminal would give it — in raw mode, so the bytes read back are exactly the bytes
/// it wrote (no echo, no `\n` → `\r\n`).
///
/// - Parameters:
///   - arguments: The launch arguments.
///   - input: What the person types, sent before the program starts reading; it must end every
///     read the program makes (a raw terminal has no end of input).
///   - outputToPipe: Whether standard output is a pipe instead, as in `followers | less`.
/// - Returns: Everything the program wrote — to the terminal, or to the pipe then the terminal —
///   its standard error, and its exit status.
/// - Throws: ``LoopbackServerError`` when no pseudo-terminal can be opened, or the process's error.
func runFollowersOnTerminal(_ arguments: [String], input: String, outputToPipe: Bool = false) async throws -> Run {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(
        with: Result { try runOnTerminalBlocking(arguments, input: input, outputToPipe: outputToPipe) })
    }
  }
}

private func runOnTerminalBlocking(_ arguments: [String], input: String, outputToPipe: Bool) throws -> Run {
  let (controller, name) = try openPseudoTerminal()
  defer { _ = close(controller) }
  let device = open(name, O_RDWR | O_NOCTTY)
  guard device >= 0 else {
    throw LoopbackServerError(description: "cannot open \(name): \(String(cString: strerror(errno)))")
  }
  var settings = termios()
  _ = tcgetattr(device, &settings)
  cfmakeraw(&settings)
  _ = tcsetattr(device, TCSANOW, &settings)
  let terminal = FileHandle(fileDescriptor: device, closeOnDealloc: true)
  let errors = Pipe()
  let output = Pipe()
  let process = try followersProcess(arguments, environment: [:])
  process.standardInput = terminal
  process.standardOutput = outputToPipe ? output : terminal
  process.standardError = errors
  try process.run()
  try terminal.close()  // the program has its own copies; the last one closing ends the reads below
  _ = input.withCString { write(controller, $0, strlen($0)) }
  var printed = Data()
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(controller, &buffer, buffer.count)
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { break }  // Linux says EIO, Darwin end of file, once the program has closed it
    printed.append(buffer, count: count)
  }
  if outputToPipe {
    printed = output.fileHandleForReading.readDataToEndOfFile() + printed
  }
  let errorText = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
    errors: String(decoding: errorText, as: UTF8.self))
}

/// A new pseudo-terminal: its controlling side, and the path of its device side.
private func openPseudoTerminal() throws -> (controller: Int32, device: String) {
  #if canImport(Darwin)
    let (openpt, grant, unlock, name) = (posix_openpt, grantpt, unlockpt, ptsname)
  #else
    // NB: Glibc's module map hides the pseudo-terminal calls (they need _XOPEN_SOURCE); look them up.
    typealias Call = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let libc = dlopen(nil, RTLD_NOW)
    func lookUp<Function>(_ symbol: String, as type: Function.Type) throws -> Function {
      guard let address = dlsym(libc, symbol) else {
        throw LoopbackServerError(description: "\(symbol) is not available")
      }
      return unsafeBitCast(address, to: type)
    }
    let openpt = try lookUp("posix_openpt", as: Call.self)
    let grant = try lookUp("grantpt", as: Call.self)
    let unlock = try lookUp("unlockpt", as: Call.self)
    let name = try lookUp("ptsname", as: NameCall.self)
  #endif
  let controller = openpt(O_RDWR | O_NOCTTY)
  guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, let device = name(controller) else {
    throw LoopbackServerError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
  }
  return (controller, String(cString: device))
}
