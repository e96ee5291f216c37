import FollowersKit
import SheathTesting
import Testing

/// Seed 000's point: with the validator behind a protocol and a stub injected by the graph, the
/// registration screen needs two tests — one per outcome — not one per rule.
@Suite("The registration view model")
@MainActor
struct RegistrationViewModelTests {
  private func viewModel(answering answer: LoginValidation, view: RecordingRegistrationView) throws
    -> RegistrationViewModel
  {
    let test = try TestGraph(modules: [FollowersAppModule()]) {
      $0.override(.loginValidator) { _ in StubValidator(answer: answer) }
    }
    return test.graph.make(.registrationViewModel, view)
  }

  @Test("a login the validator accepts is passed on, as the validator normalized it")
  func validLogin() throws {
    let view = RecordingRegistrationView()
    #expect(try viewModel(answering: .valid(login: "octocat"), view: view).submit(" anything ") == "octocat")
    #expect(view.reasons.isEmpty)
  }

  @Test("a login the validator refuses is not passed on, and the view shows the validator's reason")
  func invalidLogin() throws {
    let view = RecordingRegistrationView()
    #expect(try viewModel(answering: .invalid(reason: "No."), view: view).submit("anything") == nil)
    #expect(view.reasons == ["No."])
  }

  @Test("asking goes on until the validator accepts an answer, or the input ends")
  func asking() async throws {
    let accepting = RecordingRegistrationView(inputs: ["first", "unused"])
    #expect(
      await (try viewModel(answering: .valid(login: "first"), view: accepting)).run() == .registered(login: "first"))
    #expect(accepting.inputs == ["unused"])
    let refusing = RecordingRegistrationView(inputs: ["a", "b"])
    #expect(await (try viewModel(answering: .invalid(reason: "No."), view: refusing)).run() == .noInput)
    #expect(refusing.reasons == ["No.", "No."])
  }

  @Test("a view that cannot ask again ends at the first invalid answer")
  func onlyAnswer() async throws {
    let view = RecordingRegistrationView(inputs: ["a", "b"], asksAgain: false)
    #expect(await (try viewModel(answering: .invalid(reason: "No."), view: view)).run() == .invalid)
    #expect(view.reasons == ["No."])
    #expect(view.inputs == ["b"])
  }
}
