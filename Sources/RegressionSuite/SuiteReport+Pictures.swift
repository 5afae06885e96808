import FileSystem
import FrameDiff

extension SuiteReport {
    /// The report with the pictures it names under `folder` named under `destination` instead:
    /// a run writes its pages into a staging folder (or a shard's folder) that is then put in
    /// place, and the CI log and `results.json` must name where the pictures end up.
    func movingPictures(from folder: String, to destination: String) -> SuiteReport {
        var moved = self
        for index in moved.results.indices {
            moved.results[index].report = moved.results[index].report?.movingPictures(from: folder, to: destination)
        }
        return moved
    }
}

extension DiffReport {
    func movingPictures(from folder: String, to destination: String) -> DiffReport {
        func moved(_ path: String) -> String {
            path.hasPrefix(folder + "/") ? FileSystem.join(destination, String(path.dropFirst(folder.count + 1))) : path
        }
        var report = self
        for index in report.frames.indices {
            guard let images = report.frames[index].images else { continue }
            report.frames[index].images = Images(expected: moved(images.expected), actual: moved(images.actual),
                                                 difference: moved(images.difference))
        }
        return report
    }
}
