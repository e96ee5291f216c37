import FollowersKit
import Testing

@Suite("Page requests")
struct PageRequestTests {
  @Test(
    "numbers and sizes are brought into the range GitHub answers",
    arguments: [
      (1, 100, 1, 100), (3, 30, 3, 30), (0, 0, 1, 1), (-5, 101, 1, 100), (Int.max, Int.min, 1_000_000, 1),
    ])
  func clamps(number: Int, size: Int, expectedNumber: Int, expectedSize: Int) {
    let request = PageRequest(number: number, size: size)
    #expect(request.number == expectedNumber)
    #expect(request.size == expectedSize)
  }

  @Test("a page knows the position of its first follower, even the last page allowed")
  func firstPosition() {
    #expect(PageRequest().firstPosition == 1)
    #expect(PageRequest(number: 2, size: 100).firstPosition == 101)
    #expect(PageRequest(number: 3, size: 2).page(5) == PageRequest(number: 5, size: 2))
    #expect(PageRequest(number: PageRequest.maximumNumber, size: 100).firstPosition == 99_999_901)
    #expect(String(describing: PageRequest(number: 2, size: 30)) == "page 2 (30 per page)")
  }
}
