// Rodinia-style programs: BFS over a random graph (host-driven iterations), a shared-memory stencil.
#include "common.h"
#include <vector>
#include <queue>
// BFS (Rodinia style), hotspot-ish stencil, and a pathfinder-ish dynamic program
struct Node { int start, n; };
__global__ void bfs1(const Node* nodes, const int* edges, bool* mask, bool* upd, const bool* visited, int* cost, int nn) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < nn && mask[t]) { mask[t] = false;
    for (int i = nodes[t].start; i < nodes[t].start + nodes[t].n; i++) { int id = edges[i]; if (!visited[id]) { cost[id] = cost[t] + 1; upd[id] = true; } } }
}
__global__ void bfs2(bool* mask, bool* upd, bool* visited, bool* over, int nn) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < nn && upd[t]) { mask[t] = true; visited[t] = true; *over = true; upd[t] = false; }
}
#define BS 16
__global__ void stencil(const float* in, float* out, int w, int h) {
  __shared__ float t[BS + 2][BS + 2];
  int x = blockIdx.x * BS + threadIdx.x, y = blockIdx.y * BS + threadIdx.y;
  auto at = [&](int xx, int yy) { xx = min(max(xx, 0), w - 1); yy = min(max(yy, 0), h - 1); return in[yy * w + xx]; };
  t[threadIdx.y + 1][threadIdx.x + 1] = at(x, y);
  if (threadIdx.x == 0) t[threadIdx.y + 1][0] = at(x - 1, y);
  if (threadIdx.x == BS - 1) t[threadIdx.y + 1][BS + 1] = at(x + 1, y);
  if (threadIdx.y == 0) t[0][threadIdx.x + 1] = at(x, y - 1);
  if (threadIdx.y == BS - 1) t[BS + 1][threadIdx.x + 1] = at(x, y + 1);
  __syncthreads();
  if (x < w && y < h) out[y * w + x] = 0.2f * (t[threadIdx.y+1][threadIdx.x+1] + t[threadIdx.y][threadIdx.x+1] + t[threadIdx.y+2][threadIdx.x+1] + t[threadIdx.y+1][threadIdx.x] + t[threadIdx.y+1][threadIdx.x+2]);
}
int main() {
  const int nn = 5000; std::vector<Node> nodes(nn); std::vector<int> edges; unsigned s = 7;
  for (int i = 0; i < nn; i++) { nodes[i].start = edges.size(); int k = 1 + (s = s * 1664525 + 1013904223) % 4; for (int j = 0; j < k; j++) edges.push_back((s = s * 1664525 + 1013904223) % nn); nodes[i].n = k; }
  Node* dn; int* de; bool *dm, *du, *dv, *dover; int* dc;
  CK(cudaMalloc(&dn, nn * sizeof(Node))); CK(cudaMalloc(&de, edges.size() * 4)); CK(cudaMalloc(&dm, nn)); CK(cudaMalloc(&du, nn)); CK(cudaMalloc(&dv, nn)); CK(cudaMalloc(&dc, nn * 4)); CK(cudaMalloc(&dover, 1));
  CK(cudaMemcpy(dn, nodes.data(), nn * sizeof(Node), cudaMemcpyHostToDevice)); CK(cudaMemcpy(de, edges.data(), edges.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(dm, 0, nn)); CK(cudaMemset(du, 0, nn)); CK(cudaMemset(dv, 0, nn)); CK(cudaMemset(dc, 0xff, nn * 4));
  bool t = true; int z = 0; CK(cudaMemcpy(dm, &t, 1, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dv, &t, 1, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dc, &z, 4, cudaMemcpyHostToDevice));
  bool over; int it = 0;
  do { over = false; CK(cudaMemcpy(dover, &over, 1, cudaMemcpyHostToDevice));
       bfs1<<<(nn + 255) / 256, 256>>>(dn, de, dm, du, dv, dc, nn); bfs2<<<(nn + 255) / 256, 256>>>(dm, du, dv, dover, nn);
       CK(cudaMemcpy(&over, dover, 1, cudaMemcpyDeviceToHost)); it++; } while (over);
  std::vector<int> cost(nn); CK(cudaMemcpy(cost.data(), dc, nn * 4, cudaMemcpyDeviceToHost));
  std::vector<int> want(nn, -1); std::queue<int> q; q.push(0); want[0] = 0;
  while (!q.empty()) { int u = q.front(); q.pop(); for (int i = nodes[u].start; i < nodes[u].start + nodes[u].n; i++) if (want[edges[i]] < 0) { want[edges[i]] = want[u] + 1; q.push(edges[i]); } }
  EXPECT(cost == want);
  const int w = 100, h = 70; std::vector<float> img(w * h); for (int i = 0; i < w * h; i++) img[i] = (i * 13 % 101) * 0.1f;
  float *di, *dout; CK(cudaMalloc(&di, w * h * 4)); CK(cudaMalloc(&dout, w * h * 4)); CK(cudaMemcpy(di, img.data(), w * h * 4, cudaMemcpyHostToDevice));
  stencil<<<dim3((w + BS - 1) / BS, (h + BS - 1) / BS), dim3(BS, BS)>>>(di, dout, w, h); CK(cudaGetLastError());
  std::vector<float> o(w * h); CK(cudaMemcpy(o.data(), dout, w * h * 4, cudaMemcpyDeviceToHost));
  auto at = [&](int x, int y) { x = std::min(std::max(x, 0), w - 1); y = std::min(std::max(y, 0), h - 1); return img[y * w + x]; };
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) { float e = 0.2f * (at(x, y) + at(x, y - 1) + at(x, y + 1) + at(x - 1, y) + at(x + 1, y)); EXPECT(o[y * w + x] == e); }
  printf("PASS\n");
}
