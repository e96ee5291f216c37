import Sheath

/// The app's graph for an environment, for the targets around the app: a tool that checks it, a
/// preview, a test.
public func makeAppGraph(environment: AppEnvironment) throws -> Graph {
  try Graph(modules: [AppModule()], environment: environment)
}
