import Logging

extension Logger {
    /// The command line's logger: debug lines with `--verbose`, else from info up.
    static func parallax(verbose: Bool) -> Logger {
        var logger = Logger(label: "parallax")
        logger.logLevel = verbose ? .debug : .info
        return logger
    }

    /// Warnings only: bench output is the report.
    static func quiet() -> Logger {
        var logger = Logger(label: "parallax")
        logger.logLevel = .warning
        return logger
    }
}
