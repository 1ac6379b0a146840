import TileditCLI

/// Collects what a command writes to each stream, in order.
actor OutputRecorder {
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    func append(_ text: String, to stream: TextOutput.Stream) {
        switch stream {
        case .standardOutput: standardOutput += text
        case .standardError: standardError += text
        }
    }

    /// An output sink that records here.
    nonisolated var output: TextOutput {
        TextOutput { stream, text in await self.append(text, to: stream) }
    }
}
