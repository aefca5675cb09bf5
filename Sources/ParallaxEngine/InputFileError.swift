/// A problem with a user-supplied file, said in one line: the file, the field path and the problem.
public struct InputFileError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var problem: String
    public init(file: String, path: String = "", problem: String) {
        self.file = file; self.path = path; self.problem = problem
    }
    public var description: String {
        path.isEmpty ? "\(file): \(problem)" : "\(file): \(path): \(problem)"
    }
}
