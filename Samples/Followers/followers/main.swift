// The `followers` sample: `swift run followers --mock octocat`. See FollowersCommand.
import FollowersKit
import Foundation

let status = await FollowersCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  variables: ProcessInfo.processInfo.environment,
  terminal: StandardTerminal())
exit(status)
