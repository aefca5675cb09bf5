import Foundation
import Testing

/// Comments and help texts cite the documentation as `README.md, "Heading"` or
/// `docs/FILE.md, "Heading"`, and the documents link each other as `[text](FILE.md#anchor)`. When a
/// heading moves, these tell which pointers went stale.
enum DocumentationPointers {
    struct Citation: Hashable, CustomStringConvertible {
        let source: String
        let document: String
        let heading: String
        var description: String { "\(source) cites \(document), \"\(heading)\"" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where comments and help texts that cite the documentation live.
    static let citingFolders = ["Sources", "Tests", "scripts", "Benchmarks", ".ci"]
    static let citingExtensions: Set<String> = ["swift", "py", "sh", ""]

    /// Every file under `citingFolders` that may cite, relative to the package, sorted.
    /// This file's examples are no citations.
    static func citingFiles() -> [String] {
        let this = String(#filePath.dropFirst(root.path.count + 1))
        var files: [String] = ["Package.swift"]
        for folder in citingFolders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let path = walker.nextObject() as? String {
                let url = base.appendingPathComponent(path)
                if path.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0 != ".ci" }) { continue }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                      citingExtensions.contains(url.pathExtension) else { continue }
                files.append(folder + "/" + path)
            }
        }
        return files.filter { $0 != this }.sorted()
    }

    /// The citations in one file's text. A citation may run over lines of a comment (`///`, `//`,
    /// `#`) and sit inside a string literal (`\"Heading\"`).
    static func citations(in text: String, source: String) -> [Citation] {
        let joined = text.replacingOccurrences(of: #"\s*\n\s*(///|//|#)?\s*"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"\""#, with: "\"")
        let pattern = #"(README(?:\.md)?|docs/[A-Za-z0-9_-]+\.md)(?:\s*,\s*|\s*\(\s*|\s+)"([^"]+)""#
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(joined.startIndex..., in: joined)
        return expression.matches(in: joined, range: range).map { match in
            let document = String(joined[Range(match.range(at: 1), in: joined)!])
            return Citation(source: source, document: document == "README" ? "README.md" : document,
                            heading: String(joined[Range(match.range(at: 2), in: joined)!]))
        }
    }

    /// The headings of a Markdown text (`#` to `######` at a line's start, outside code blocks).
    static func headings(of markdown: String) -> Set<String> {
        var inCode = false
        var found: Set<String> = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, line.hasPrefix("#") else { continue }
            let text = line.drop(while: { $0 == "#" })
            guard text.hasPrefix(" ") else { continue }
            found.insert(text.trimmingCharacters(in: .whitespaces))
        }
        return found
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(of heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    /// The citations whose document or heading does not exist; `documents` maps a path relative to
    /// the package to its text.
    static func broken(_ citations: [Citation], documents: [String: String]) -> [Citation] {
        citations.filter { citation in
            guard let text = documents[citation.document] else { return true }
            return !headings(of: text).contains(citation.heading)
        }
    }

    /// Links between the documents (`[text](FILE.md#anchor)`, relative to the linking file) whose
    /// file or anchor does not exist, as "FILE links TARGET".
    static func brokenLinks(documents: [String: String]) -> [String] {
        let expression = try! NSRegularExpression(pattern: #"\]\(([A-Za-z0-9_./-]+\.md)(?:#([a-z0-9_-]+))?\)"#)
        var broken: [String] = []
        for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
            let folder = (path as NSString).deletingLastPathComponent
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let file = String(text[Range(match.range(at: 1), in: text)!])
                let target = folder.isEmpty ? file : folder + "/" + file
                let anchor = Range(match.range(at: 2), in: text).map { String(text[$0]) }
                guard let linked = documents[target] else { broken.append("\(path) links \(target)"); continue }
                if let anchor, !headings(of: linked).map(Self.anchor(of:)).contains(anchor) {
                    broken.append("\(path) links \(target)#\(anchor)")
                }
            }
        }
        return broken
    }

    /// README.md and every Markdown file in docs/, by path relative to the package.
    static func documents() throws -> [String: String] {
        var documents = ["README.md": try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)]
        let docs = root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            documents["docs/" + name] = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
        }
        return documents
    }

    static func allCitations() throws -> [Citation] {
        try citingFiles().flatMap { path in
            citations(in: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), source: path)
        }
    }
}

@Suite struct DocumentationPointerTests {
    @Test func everyCitedHeadingExists() throws {
        let citations = try DocumentationPointers.allCitations()
        // The sources cite dozens of headings; finding none means the reading broke, not the pointers.
        #expect(citations.count > 20)
        let broken = DocumentationPointers.broken(citations, documents: try DocumentationPointers.documents())
        #expect(broken.isEmpty, "\(broken.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyLinkBetweenTheDocumentsLandsOnAHeading() throws {
        let broken = DocumentationPointers.brokenLinks(documents: try DocumentationPointers.documents())
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    /// The check itself: renaming a heading that is cited breaks exactly its citations and links.
    @Test func renamingACitedHeadingBreaksItsCitations() throws {
        var documents = try DocumentationPointers.documents()
        let citations = try DocumentationPointers.allCitations()
        let before = Set(DocumentationPointers.broken(citations, documents: documents))
        let cited = try #require(citations.first { $0.document.hasPrefix("docs/") && !before.contains($0) })
        documents[cited.document] = documents[cited.document]!
            .replacingOccurrences(of: "# " + cited.heading + "\n", with: "# " + cited.heading + " (renamed)\n")
        let broken = Set(DocumentationPointers.broken(citations, documents: documents)).subtracting(before)
        #expect(!broken.isEmpty)
        let citingTheHeading = citations.filter { (citation: DocumentationPointers.Citation) -> Bool in
            citation.document == cited.document && citation.heading == cited.heading
        }
        #expect(broken == Set(citingTheHeading))
    }

    @Test func aCitationIsReadAcrossCommentLinesAndInsideStringLiterals() {
        let text = """
            /// the stream's tracked velocity (README.md, "Trackpads,
            /// flings and event times"); more
            @Option(help: "see docs/file-formats.md, \\"Trace\\")")
            # scripts/latency (docs/performance.md, "Latency").
            """
        let found = DocumentationPointers.citations(in: text, source: "x")
        #expect(found.map(\.heading) == ["Trackpads, flings and event times", "Trace", "Latency"])
        #expect(found.map(\.document) == ["README.md", "docs/file-formats.md", "docs/performance.md"])
    }

    @Test func anchorsFollowGitHubsRule() {
        #expect(DocumentationPointers.anchor(of: "Trackpads, flings and event times") == "trackpads-flings-and-event-times")
        #expect(DocumentationPointers.anchor(of: "The bar's material") == "the-bars-material")
    }
}
