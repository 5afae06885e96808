/// Why a shard given as `index/N` found no index in the scheduler's environment: Kubernetes'
/// `JOB_COMPLETION_INDEX` or Slurm's `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN`.
public enum ShardIndexProblem: Sendable, Hashable {
    /// Neither scheduler's variable is set: not a job of an indexed job or an array.
    case notSet
    /// `JOB_COMPLETION_INDEX` holds this, not a number.
    case notAnIndex(jobCompletionIndex: String)
    /// Slurm's task ID and the array's minimum give no index: not numbers, or the ID below the minimum.
    case notInArray(taskID: String, minimum: String)
    /// The scheduler's index (0-based) is not below the shard count: more tasks than shards.
    case beyondCount(index: Int, count: Int)
}
