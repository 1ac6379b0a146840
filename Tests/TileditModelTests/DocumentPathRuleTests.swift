import Testing
import TileditModel

/// The new path of a renamed document, checked as it is typed: each rule
/// with the message it gives, and the paths that pass.
@Suite("Document path rule")
struct DocumentPathRuleTests {
    static let documents = [
        "index.md", "about.md", "posts/index.md", "posts/hello/index.md", "posts/other/index.md", "data/authors.yml",
    ]

    @Test(arguments: [
        ("about.md", "", "Type the new path, from the workspace folder"),
        ("about.md", "about.md", "That is the document's path now"),
        ("about.md", "team\u{7}.md", "A path cannot hold control characters"),
        ("about.md", " team.md", "No spaces at the start or end of the path"),
        ("about.md", "/team.md", "Type the path from the workspace folder, without a leading /"),
        ("about.md", "pages/", "Type the file name after the last /"),
        ("about.md", "pages//team.md", "A folder name is empty (//)"),
        ("about.md", "../team.md", "No . or .. in the path: it stays inside the workspace"),
        ("about.md", ".drafts/team.md", "`.drafts` starts with a dot: hidden files are not listed nor published"),
        ("about.md", "build/team.md", "`build` is a build folder: documents in it are not listed"),
        ("about.md", "team.txt", "The name must end in .md"),
        ("about.md", "index.md", "index.md already exists"),
        ("about.md", "posts", "The name must end in .md"),
        ("posts/hello/index.md", "posts/hi.md", "A page bundle moves with its folder: keep index.md and change the folder, as in posts/hi/index.md"),
        ("posts/hello/index.md", "index.md", "index.md at the top is the site's home page; give the page a folder"),
        ("posts/hello/index.md", "posts/hello/old/index.md", "A folder cannot move into itself"),
        ("posts/hello/index.md", "posts/other/index.md", "The folder posts/other already exists"),
        ("index.md", "home.md", "index.md is the site's home page: its folder is the workspace"),
        ("posts/index.md", "articles/index.md", "posts/index.md is the page of a folder with 2 other documents (posts/hello/index.md, …); moving its folder would move them too, which Tiledit does not do"),
        ("data/authors.yml", "data/people.yml", "Only Markdown documents are renamed here; data/authors.yml is not one"),
    ] as [(String, String, String)])
    func aPathThatBreaksARuleSaysWhich(source: String, typed: String, message: String) {
        #expect(DocumentPathRule.problem(renaming: source, to: typed, documents: Self.documents) == message)
    }

    @Test(arguments: [
        ("about.md", "team.md"), ("about.md", "pages/company/team.md"), ("about.md", "posts/hello/about.md"),
        ("posts/hello/index.md", "posts/greetings/index.md"), ("posts/hello/index.md", "archive/2024/hello/index.md"),
        ("about.md", "café/über uns.md"),
    ] as [(String, String)])
    func aPathThatBreaksNoRuleIsAccepted(source: String, typed: String) {
        #expect(DocumentPathRule.problem(renaming: source, to: typed, documents: Self.documents) == nil)
    }
}
