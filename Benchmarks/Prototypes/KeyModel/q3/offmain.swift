import Flavours
func offMain(_ g: Graph) -> Screen { g[.screen] }
nonisolated func offMain2(_ g: Graph) async -> Screen { g[.screen] }
