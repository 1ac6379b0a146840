import Testing
@testable import TileditModel

@Suite("Tile validator")
struct TileValidatorTests {
    @Test(arguments: ["apiKey", "api_key", "API-KEY", "metadata.apiKey", "authToken", "tokens", "dbPassword", "clientSecret", "private_key", "awsAccessKey", "credentials"])
    func keysThatNameASecretAreSecretLike(_ key: String) {
        #expect(TileValidator.isSecretLike(key))
    }

    @Test(arguments: ["title", "publicKey", "public_key", "Public-Key", "key", "apikey.title", "pass", "tok", "", "ключ"])
    func otherKeysAreNot(_ key: String) {
        #expect(!TileValidator.isSecretLike(key))
    }
}
