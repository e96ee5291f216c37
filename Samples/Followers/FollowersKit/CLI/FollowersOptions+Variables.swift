import Foundation
import Sheath

// What the environment variables add to the options, read only when a run uses them: a bad
// GITHUB_API_URL stops a live run that would call it, not `--mock`, `--api-url` or `--help`.
extension FollowersOptions {
  /// The environment to run in: the one the options named, else `SHEATH_ENV`'s, else what
  /// `AppEnvironment.detect` finds (previews, or `live`).
  ///
  /// Only what the options parsed reaches `detect`, never the raw arguments: a login, or anything
  /// after `--`, cannot choose the environment.
  ///
  /// - Parameter variables: The environment variables.
  /// - Returns: The environment.
  /// - Throws: ``UsageError`` for a `SHEATH_ENV` that names no environment, with a fix a user of the
  ///   command can make; `AppEnvironment.DetectionError` if `detect` refuses anything else.
  public func detectEnvironment(variables: [String: String]) throws -> AppEnvironment {
    let variable = AppEnvironment.variableName
    if environment == nil, let name = variables[variable], !name.isEmpty,
      !AppEnvironment.builtIn.contains(where: { $0.name == name })
    {
      throw UsageError.unknownEnvironment(
        name, from: variable, fix: "set \(variable) to one of the known environments, or unset it")
    }
    return try AppEnvironment.detect(explicit: environment, arguments: ["followers"], variables: variables)
  }

  /// The sample's configuration for a run in `environment`.
  ///
  /// - Parameters:
  ///   - environment: The environment the run is in; only `live` calls the API's base URL, so only
  ///     there is `GITHUB_API_URL` read.
  ///   - variables: The environment variables: `GITHUB_API_URL` and `GITHUB_TOKEN`.
  /// - Returns: The configuration.
  /// - Throws: ``UsageError`` for a `GITHUB_API_URL` that is not an http or https URL, in `live`
  ///   without `--api-url`.
  public func configuration(for environment: AppEnvironment, variables: [String: String]) throws(UsageError)
    -> FollowersConfiguration
  {
    FollowersConfiguration(
      apiURL: try baseURL(for: environment, variables: variables), timeout: timeout,
      token: GitHubToken(variables["GITHUB_TOKEN"]), pageSize: pageSize)
  }

  private func baseURL(for environment: AppEnvironment, variables: [String: String]) throws(UsageError) -> URL {
    if let apiURL { return apiURL }
    // NB: FollowersAppModule installs the live API in `live` only; elsewhere the URL is never called.
    guard environment == .live, let text = variables["GITHUB_API_URL"], !text.isEmpty else {
      return LiveUserAPI.gitHubBaseURL
    }
    return try Self.url(text, from: "GITHUB_API_URL")
  }
}
