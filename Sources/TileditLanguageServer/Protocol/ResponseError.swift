/// A JSON-RPC error response (JSON-RPC 2.0 section 5.1, LSP 3.17 `ErrorCodes`).
public struct ResponseError: Error, Sendable, Equatable {
    /// The error code.
    public var code: Int
    /// One sentence on what went wrong.
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// -32700: the message is not JSON.
    public static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    /// -32600: the message is JSON but not a request or notification.
    public static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: -32600, message: message) }
    /// -32601: the server does not implement the method.
    public static func methodNotFound(_ method: String) -> ResponseError { ResponseError(code: -32601, message: "unknown method `\(method)`") }
    /// -32602: the parameters are missing or of the wrong shape.
    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    /// -32002: a request before `initialize`.
    public static let serverNotInitialized = ResponseError(code: -32002, message: "the server has not been initialized")
    /// -32800: the client cancelled the request.
    public static let requestCancelled = ResponseError(code: -32800, message: "the request was cancelled")

    var json: JSON { .object([("code", .int(code)), ("message", .string(message))]) }

    /// Throws `requestCancelled` when the current task is cancelled: long
    /// requests call it between steps so a cancelled request stops its work.
    static func checkCancellation() throws(ResponseError) {
        if Task.isCancelled { throw requestCancelled }
    }
}
