import Testing

@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TmuxSessionTests {
    @Test func waitsForACommandsOutput() async throws {
        let session = try TmuxSession(command: "printf 'hello\\n'; exec cat", width: 40, height: 5)
        defer { session.close() }
        let screen = try await session.waitFor(text: "hello")
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).first == "hello")
    }

    @Test func sendsLiteralTextAndKeys() async throws {
        let session = try TmuxSession(command: "cat", width: 40, height: 5)
        defer { session.close() }
        try session.sendText("typed -l text")
        try session.sendKeys("Enter")
        let screen = try await session.waitFor(text: "typed -l text\ntyped -l text")
        #expect(screen.hasPrefix("typed -l text\ntyped -l text\n"))
    }

    @Test func timesOutWithTheLastScreen() async throws {
        let session = try TmuxSession(command: "printf 'only this\\n'; exec cat", width: 30, height: 3)
        defer { session.close() }
        try await session.waitFor(text: "only this")
        await #expect {
            try await session.waitFor(text: "never shown", timeout: .milliseconds(200))
        } throws: { error in
            guard case TmuxSession.Failure.timedOut(let text, let screen) = error else { return false }
            return text == "never shown" && screen.hasPrefix("only this\n")
        }
    }
}
