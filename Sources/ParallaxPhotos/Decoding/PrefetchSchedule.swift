/// Which of a frame's listed decodes (`DisplayList.prefetch`) to queue, and in what order
/// (docs/photo-folders.md, "Prefetch"). The list comes most important first: a fling's landing, then
/// the cells on the way. Items are admitted in that order, each only if, with it, every admitted item
/// is still up in time when they run in the order they show; so a card on the way never makes the
/// landing late, and runs before it when it shows first. Running the landing first instead (as
/// listed) left the first cards after every release as placeholders at 8,000 px/s: they were due
/// before the landing's decodes were done.
public enum PrefetchSchedule {
    public struct Item: Equatable {
        /// Seconds until the image shows.
        public var due: Double
        /// Seconds its texture takes to go up once decoded (`TextureCache.uploadBudget` texels a frame).
        public var uploadSeconds: Double
        /// It has no quick image yet (`QuickImage`).
        public var needsQuick = false

        public init(due: Double, uploadSeconds: Double, needsQuick: Bool = false) {
            self.due = due; self.uploadSeconds = uploadSeconds; self.needsQuick = needsQuick
        }
    }

    /// Full decodes in the order to run them, and quick images to make first, in theirs.
    struct Plan: Equatable {
        var full: [Int]
        var quick: [Int]
    }

    /// The full decodes admitted as by `order`, started after the quick images, and a quick image
    /// for every item that needs one and whose full decode is not admitted, by due time, the `k`-th
    /// done at `(k / workers + 1) * quickSeconds`. More quick images start the full decodes later
    /// and may leave more out, which need quick images too: repeated until that settles (the quick
    /// list only grows, so it does).
    static func plan(_ items: [Item], decodeSeconds: Double, quickSeconds: Double, workers: Int) -> Plan {
        let workers = max(1, workers)
        var quick: [Int] = []
        while true {
            let start = Double((quick.count + workers - 1) / workers) * quickSeconds
            let full = order(items, decodeSeconds: decodeSeconds, workers: workers, after: start)
            let admitted = Set(full)
            let needed = items.indices.filter { items[$0].needsQuick && (!admitted.contains($0) || quick.contains($0)) }
                .sorted { (items[$0].due, $0) < (items[$1].due, $1) }
            if needed == quick { return Plan(full: full, quick: quick) }
            quick = needed
        }
    }

    /// Indices into `items`, in the order to decode them: by due time (ties in listed order), on
    /// `workers` workers taking `decodeSeconds` a decode from `start` seconds on, the `k`-th done at
    /// `start + (k / workers + 1) * decodeSeconds`, then up after its upload time.
    static func order(_ items: [Item], decodeSeconds: Double, workers: Int, after start: Double = 0) -> [Int] {
        let workers = max(1, workers)
        func ready(_ position: Int, _ item: Item) -> Double {
            start + Double(position / workers + 1) * decodeSeconds + item.uploadSeconds
        }
        var admitted: [Int] = []
        for i in items.indices {
            let at = admitted.firstIndex { items[$0].due > items[i].due } ?? admitted.count
            // Those before it keep their places; it and those after it must still be in time.
            let shifted = [i] + admitted[at...]
            let inTime = shifted.enumerated().allSatisfy { offset, index in
                ready(at + offset, items[index]) <= items[index].due
            }
            if inTime { admitted.insert(i, at: at) }
        }
        return admitted
    }
}
