// Locks and turns that lanes of one warp wait for without a lock word to swap (independent
// thread scheduling, sm_70+): a ticket lock (fetch-and-add a ticket, poll now-serving) and a
// turn handed on from lane to lane. The lanes that got through wait at the loop's exit for
// those still polling, which wait for them: only a warp whose lanes go on separately finishes.

// Every thread takes a ticket, waits until `serving` reaches it, appends it to `log` and
// serves the next ticket: the log is 0, 1, 2, ... (first come, first served).
__global__ void ticket_lock_log(int *next, int *serving, int *log, int *count)
{
    int t = atomicAdd(next, 1);
    while (*(volatile int *)serving != t) {
    }
    int c = *(volatile int *)count;
    log[c] = t;
    *(volatile int *)count = c + 1;
    __threadfence();
    atomicAdd(serving, 1);
}

// Lane l waits for its turn (turn == l), adds itself to the running sum and hands the turn
// to lane l + 1: out[l] is 0 + 1 + ... + l, per warp.
__global__ void turn_chain(int *out)
{
    __shared__ volatile int turn[32];
    __shared__ volatile int sum[32];
    int w = threadIdx.x / 32, l = threadIdx.x % 32;
    if (l == 0) {
        turn[w] = 0;
        sum[w] = 0;
    }
    __syncwarp();
    while (turn[w] != l) {
    }
    sum[w] = sum[w] + l;
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum[w];
    turn[w] = l + 1;
}
