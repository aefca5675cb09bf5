import Foundation
import ParallaxVisualRegression
import ParallaxSDL

/// `verify --report DIR`: `DIR/index.html` and its pictures in `DIR/images/`, opened from the file
/// system (no server, nothing fetched). Failures first, each with expected, actual and diff side by
/// side, a slider wiping between expected and actual, and the figures, or a motion's verdict and
/// curves (`MotionReport`); then every passing capture and motion. A reviewer ticks the changes to
/// accept and downloads them as approvals.json, for `verify --accept`.
enum HTMLReport {
    static func write(_ all: VerifyResults, tolerance: PixelComparison.Tolerance, into folder: String) throws {
        let results = all.captures
        let images = folder + "/images"
        do {
            try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "\(folder): cannot create the report folder", code: 2)
        }
        let ordered = results.filter { !$0.passed } + results.filter(\.passed)
        var sections = try all.motions.filter { !$0.passed }.map { try MotionReport.section($0, images: images) }.joined()
        for r in ordered {
            sections += try section(r, tolerance: tolerance, images: images)
        }
        sections += try all.motions.filter(\.passed).map { try MotionReport.section($0, images: images) }.joined()
        let html = page(all, tolerance: tolerance, rows: ordered.map(row).joined() + all.motions.map(row).joined(), sections: sections)
        guard FileManager.default.createFile(atPath: folder + "/index.html", contents: Data(html.utf8)) else {
            throw CommandFailure(message: "\(folder)/index.html: cannot write the file", code: 2)
        }
    }

    /// Copies a picture into the report; returns its path relative to index.html.
    static func copy(_ source: String?, as name: String, into images: String) throws -> String? {
        guard let source, FileManager.default.fileExists(atPath: source) else { return nil }
        let target = images + "/" + name
        try? FileManager.default.removeItem(atPath: target)
        do {
            try FileManager.default.copyItem(atPath: source, toPath: target)
        } catch {
            throw CommandFailure(message: "\(target): cannot copy \(source) into the report", code: 2)
        }
        return "images/" + name
    }

    private static func anchor(_ r: VerifyCaptureResult) -> String { "capture-" + escapeMarkup(r.captureName) }

    private static func verdictLabel(_ r: VerifyCaptureResult) -> String {
        switch r.outcome {
        case .match: return "match"
        case .recorded: return "recorded"
        case .missing: return "MISSING golden"
        case .mismatch: return "MISMATCH"
        case .size: return "SIZE differs"
        }
    }

    /// The tick box a reviewer accepts a failed golden's change with: its file name goes into approvals.json.
    static func acceptBox(_ golden: String) -> String {
        let name = escapeMarkup(URL(fileURLWithPath: golden).lastPathComponent)
        return " <label class=\"accept\"><input type=\"checkbox\" class=\"approve\" value=\"\(name)\"> accept this change</label>"
    }

    private static func row(_ m: VerifyMotionResult) -> String {
        let verdict = m.outcome == .match ? "match" : m.outcome == .recorded ? "recorded" : m.outcome == .unreadable ? "UNREADABLE" : "MOTION DIFFERS"
        return """
            <tr class="\(m.passed ? "passed" : "failed")"><td><a href="#\(MotionReport.anchor(m))">\(escapeMarkup(m.scriptFile))</a></td>\
            <td>motion</td><td>\(m.differences.isEmpty ? "-" : "\(m.differences.count) quantities")</td><td>-</td><td>-</td><td class="verdict">\(verdict)</td></tr>

            """
    }

    private static func row(_ r: VerifyCaptureResult) -> String {
        let fraction = r.differingFraction.map { String(format: "%.4f%%", $0 * 100) } ?? "-"
        return """
            <tr class="\(r.passed ? "passed" : "failed")"><td><a href="#\(anchor(r))">\(escapeMarkup(r.scriptFile))</a></td>\
            <td>\(String(format: "%.3f s", r.time))</td><td>\(r.differingPixels.map(String.init) ?? "-")</td><td>\(fraction)</td>\
            <td>\(r.largestChannelDelta.map(String.init) ?? "-")</td><td class="verdict">\(verdictLabel(r))</td></tr>

            """
    }

    private static func figure(_ src: String, _ caption: String) -> String {
        "<figure><img src=\"\(escapeMarkup(src))\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>"
    }

    private static func section(_ r: VerifyCaptureResult, tolerance: PixelComparison.Tolerance, images: String) throws -> String {
        let golden = r.outcome == .missing ? nil : try copy(r.golden, as: r.captureName + ".expected.png", into: images)
        var body = "<p class=\"figures\">\(escapeMarkup(r.figures(tolerance: tolerance)))</p>\n"
        if r.passed {
            if let golden { body += "<div class=\"pictures thumb\">\(figure(golden, r.outcome == .match ? "expected = actual" : "recorded"))</div>\n" }
        } else {
            let actual = try copy(r.actual, as: r.captureName + ".actual.png", into: images)
            let diff = try copy(r.diff, as: r.captureName + ".diff.png", into: images)
            var figures = ""
            if let golden { figures += figure(golden, "expected") }
            if let actual { figures += figure(actual, "actual") }
            if let diff { figures += figure(diff, "diff (differing pixels red)") }
            if !figures.isEmpty { body += "<div class=\"pictures\">\(figures)</div>\n" }
            if let golden, let actual {
                body += """
                    <div class="wipe" style="--at: 50%">
                    <img src="\(escapeMarkup(golden))" alt="expected"><img class="actual" src="\(escapeMarkup(actual))" alt="actual">
                    <div class="edge"></div>
                    <input type="range" min="0" max="100" value="50" step="0.5" aria-label="wipe between expected (left) and actual (right)">
                    </div>
                    <p class="hint">Drag: expected left of the line, actual right of it.</p>

                    """
            }
            body += "<p class=\"paths\">golden \(escapeMarkup(r.golden))"
            for (label, path) in [("actual", r.actual), ("diff", r.diff), ("side by side", r.sideBySide)] {
                if let path { body += "<br>\(label) \(escapeMarkup(path))" }
            }
            body += "</p>\n"
        }
        return """
            <section class="capture \(r.passed ? "passed" : "failed")" id="\(anchor(r))">
            <h2>\(escapeMarkup(r.scriptFile)) at \(String(format: "%.3f s", r.time)) <span class="verdict">\(verdictLabel(r))</span>\(r.passed ? "" : acceptBox(r.golden))</h2>
            \(body)</section>

            """
    }

    private static func page(_ all: VerifyResults, tolerance: PixelComparison.Tolerance, rows: String, sections: String) -> String {
        let results = all.captures
        let failed = results.filter { !$0.passed }.count
        let motionsFailed = all.motions.filter { !$0.passed }.count
        let scripts = Set(results.map(\.script) + all.motions.map(\.script)).count
        let checks = results.count + all.motions.count
        let title = failed + motionsFailed == 0 ? "parallax verify: all \(checks) checks pass"
            : "parallax verify: \(failed + motionsFailed) of \(checks) checks failed"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <style>
            body { font: 15px/1.4 sans-serif; margin: 24px; color: #1d1d1f; background: #fafafa; }
            h1 { font-size: 22px; margin: 0 0 4px; }
            h2 { font-size: 17px; margin: 0 0 6px; }
            table { border-collapse: collapse; margin: 12px 0 24px; }
            th, td { text-align: left; padding: 3px 12px 3px 0; border-bottom: 1px solid #ddd; font-variant-numeric: tabular-nums; }
            tr.failed td.verdict, section.failed .verdict { color: #c00; font-weight: bold; }
            tr.passed td.verdict, section.passed .verdict { color: #070; }
            section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; }
            section.failed { border-color: #c00; }
            .pictures { display: flex; gap: 8px; flex-wrap: wrap; }
            figure { margin: 0; flex: 1 1 0; min-width: 200px; max-width: 600px; }
            .thumb figure { flex: 0 0 240px; min-width: 0; }
            figure img { width: 100%; display: block; border: 1px solid #ccc; }
            figcaption { font-size: 13px; color: #555; }
            .wipe { position: relative; max-width: 900px; margin-top: 12px; }
            .wipe img { width: 100%; display: block; }
            .wipe img.actual { position: absolute; top: 0; left: 0; clip-path: inset(0 0 0 var(--at)); }
            .wipe .edge { position: absolute; top: 0; bottom: 28px; left: var(--at); width: 2px; margin-left: -1px; background: #f0f; pointer-events: none; }
            .wipe input { width: 100%; margin: 6px 0 0; }
            .hint, .paths, .figures { font-size: 13px; color: #444; }
            .verdict-lines { font-size: 12.5px; background: #f6f6f6; padding: 8px; white-space: pre-wrap; }
            .curves { display: flex; flex-wrap: wrap; gap: 8px 16px; }
            details.curves { display: block; }
            figure.curve { flex: 0 1 560px; max-width: 600px; min-width: 320px; }
            svg.curve { width: 100%; display: block; background: #fff; }
            svg.curve .plot { fill: #fbfbfb; stroke: #ccc; }
            svg.curve path { fill: none; stroke-width: 1.6; }
            svg.curve path.expected { stroke: #2a6fdb; }
            svg.curve path.actual { stroke: #e0421b; stroke-dasharray: 5 3; }
            svg.curve line.divergence { stroke: #c0c; stroke-width: 1.2; stroke-dasharray: 3 3; }
            svg.curve .axis { font-size: 11px; fill: #555; }
            .key { font-size: 12px; padding-left: 18px; position: relative; }
            .key::before { content: ""; position: absolute; left: 2px; top: 50%; width: 12px; border-top: 2px solid; }
            .key.expected::before { border-color: #2a6fdb; } .key.actual::before { border-color: #e0421b; border-top-style: dashed; }
            table.filmstrip { border-collapse: collapse; margin: 8px 0; }
            table.filmstrip th { font-weight: normal; font-size: 12px; color: #555; padding: 2px 6px 2px 0; text-align: right; }
            table.filmstrip td { padding: 2px; border: none; vertical-align: top; }
            table.filmstrip td.first { outline: 2px dashed #c0c; }
            table.filmstrip img { width: 176px; display: block; }
            .blink { position: relative; }
            .blink img.actual { position: absolute; top: 0; left: 0; animation: blink 1s steps(1) infinite; }
            @keyframes blink { 0% { opacity: 0; } 50% { opacity: 1; } }
            label.accept { font-size: 13px; font-weight: normal; color: #333; margin-left: 12px; }
            .approvals { position: sticky; top: 0; background: #fafafa; padding: 8px 0; border-bottom: 1px solid #ddd; margin-bottom: 12px; z-index: 1; }
            .approvals pre { display: inline; font-size: 12px; color: #555; }
            .paths { font-family: monospace; word-break: break-all; }
            </style>
            </head>
            <body>
            <h1>\(title)</h1>
            <p class="summary">\(results.count) captures from \(scripts) script\(scripts == 1 ? "" : "s"): <b>\(failed) failed</b>, \(results.count - failed) passed;
            \(all.motions.count) motion golden\(all.motions.count == 1 ? "" : "s") checked: <b>\(motionsFailed) failed</b>.
            A pixel differs when a channel differs by more than \(tolerance.maxChannelDelta); a capture passes while at most \(tolerance.maxDifferingFraction) of its pixels differ.</p>
            <div class="approvals"><button type="button" id="export-approvals">Download approvals.json</button>
            <span id="approved-count">0 changes accepted</span>: tick "accept this change" on the failures you mean, download, then
            <code>parallax verify ... --accept approvals.json</code> re-records exactly those. <pre id="approvals-json"></pre></div>
            <table>
            <thead><tr><th>script</th><th>capture</th><th>differing</th><th>fraction</th><th>largest delta</th><th>verdict</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            \(sections)<script>
            // The wipe: the actual picture is clipped to the right of the slider's position.
            for (const wipe of document.querySelectorAll(".wipe")) {
              const slider = wipe.querySelector("input");
              const follow = () => wipe.style.setProperty("--at", slider.value + "%");
              slider.addEventListener("input", follow);
              follow();
            }
            document.body.dataset.failures = document.querySelectorAll("section.capture.failed").length;
            document.body.dataset.motionFailures = document.querySelectorAll("section.motion.failed").length;
            // Approvals: the ticked goldens' file names, downloaded as approvals.json (a Blob: nothing leaves the page).
            const boxes = [...document.querySelectorAll("input.approve")];
            const approvals = () => JSON.stringify({version: 1, accept: boxes.filter(b => b.checked).map(b => b.value)});
            const showApprovals = () => {
              document.getElementById("approvals-json").textContent = approvals();
              const n = boxes.filter(b => b.checked).length;
              document.getElementById("approved-count").textContent = n + (n === 1 ? " change" : " changes") + " accepted";
            };
            boxes.forEach(b => b.addEventListener("change", showApprovals));
            // A link can carry ticks: index.html#accept=feed.motion.jsonl,feed-0000.500.png
            const ticked = decodeURIComponent(location.hash).match(/^#accept=(.*)$/);
            if (ticked) boxes.forEach(b => { b.checked = ticked[1].split(",").includes(b.value); });
            showApprovals();
            document.getElementById("export-approvals").addEventListener("click", () => {
              const url = URL.createObjectURL(new Blob([approvals() + "\\n"], {type: "application/json"}));
              const link = document.createElement("a");
              link.href = url;
              link.download = "approvals.json";
              document.body.append(link);
              link.click();
              link.remove();
              URL.revokeObjectURL(url);
            });
            </script>
            </body>
            </html>

            """
    }
}
