/** Who acts on a target, and the error that stops a runner that lost its job's lease. */

/** Who acts: the job (for the lease check) and where. */
export interface Actor {
  jobId: string;
  leaseOwner: string;
  projectId: string;
  postId: string;
  targetId: string;
}

export class LeaseLost extends Error {
  override name = 'LeaseLost';
  constructor(detail = 'the job lease was lost') {
    super(`${detail}; another worker continues this target`);
  }
}
