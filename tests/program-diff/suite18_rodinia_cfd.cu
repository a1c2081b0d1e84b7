// flags: -O3
// Rodinia CFD (euler3d.cu, Corrigan et al.): the unstructured-grid finite-volume Euler solver's
// kernels in their original shape: cuda_initialize_variables, cuda_compute_step_factor
// (sqrtf of the speed of sound), cuda_compute_flux over NNB = 4 neighbours per element with
// the far-field and wall boundary cases (negative neighbour ids), smoothing coefficient 0.2,
// and cuda_time_step with the RK3 factors; SoA layout (variables[i + VAR_DENSITY*nelr]),
// block_length = 192, nelr padded to a multiple of it. A structured mesh generated as an
// unstructured one; 3 iterations of 3 RK steps. Sums with %.9g and samples with %a.
#include <cstdio>
#include <cmath>
#include <vector>
#define block_length 192
#define NDIM 3
#define NNB 4
#define RK 3
#define ff_mach 1.2f
#define deg_angle_of_attack 0.0f
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define NVAR (VAR_DENSITY_ENERGY + 1)
#define GAMMA 1.4f
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__constant__ float ff_variable[NVAR];
__constant__ float3 ff_flux_contribution_momentum_x[1];
__constant__ float3 ff_flux_contribution_momentum_y[1];
__constant__ float3 ff_flux_contribution_momentum_z[1];
__constant__ float3 ff_flux_contribution_density_energy[1];

__global__ void cuda_initialize_variables(int nelr, float* variables) {
    const int i = (blockDim.x * blockIdx.x + threadIdx.x);
    for (int j = 0; j < NVAR; j++) variables[i + j * nelr] = ff_variable[j];
}
__device__ __host__ inline void compute_flux_contribution(float& density, float3& momentum, float& density_energy, float& pressure, float3& velocity, float3& fc_momentum_x, float3& fc_momentum_y, float3& fc_momentum_z, float3& fc_density_energy) {
    fc_momentum_x.x = velocity.x * momentum.x + pressure;
    fc_momentum_x.y = velocity.x * momentum.y;
    fc_momentum_x.z = velocity.x * momentum.z;
    fc_momentum_y.x = fc_momentum_x.y;
    fc_momentum_y.y = velocity.y * momentum.y + pressure;
    fc_momentum_y.z = velocity.y * momentum.z;
    fc_momentum_z.x = fc_momentum_x.z;
    fc_momentum_z.y = fc_momentum_y.z;
    fc_momentum_z.z = velocity.z * momentum.z + pressure;
    float de_p = density_energy + pressure;
    fc_density_energy.x = velocity.x * de_p;
    fc_density_energy.y = velocity.y * de_p;
    fc_density_energy.z = velocity.z * de_p;
}
__device__ inline void compute_velocity(float& density, float3& momentum, float3& velocity) {
    velocity.x = momentum.x / density;
    velocity.y = momentum.y / density;
    velocity.z = momentum.z / density;
}
__device__ inline float compute_speed_sqd(float3& velocity) { return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z; }
__device__ inline float compute_pressure(float& density, float& density_energy, float& speed_sqd) { return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd); }
__device__ inline float compute_speed_of_sound(float& density, float& pressure) { return sqrtf(float(GAMMA) * pressure / density); }
__global__ void cuda_compute_step_factor(int nelr, float* variables, float* areas, float* step_factors) {
    const int i = (blockDim.x * blockIdx.x + threadIdx.x);
    float density = variables[i + VAR_DENSITY * nelr];
    float3 momentum;
    momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
    momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
    momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
    float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];
    float3 velocity; compute_velocity(density, momentum, velocity);
    float speed_sqd = compute_speed_sqd(velocity);
    float pressure = compute_pressure(density, density_energy, speed_sqd);
    float speed_of_sound = compute_speed_of_sound(density, pressure);
    step_factors[i] = float(0.5f) / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + speed_of_sound));
}
__global__ void cuda_compute_flux(int nelr, int* elements_surrounding_elements, float* normals, float* variables, float* fluxes) {
    const float smoothing_coefficient = float(0.2f);
    const int i = (blockDim.x * blockIdx.x + threadIdx.x);
    int j, nb;
    float3 normal;
    float normal_len;
    float factor;
    float density_i = variables[i + VAR_DENSITY * nelr];
    float3 momentum_i;
    momentum_i.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
    momentum_i.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
    momentum_i.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
    float density_energy_i = variables[i + VAR_DENSITY_ENERGY * nelr];
    float3 velocity_i; compute_velocity(density_i, momentum_i, velocity_i);
    float speed_sqd_i = compute_speed_sqd(velocity_i);
    float speed_i = sqrtf(speed_sqd_i);
    float pressure_i = compute_pressure(density_i, density_energy_i, speed_sqd_i);
    float speed_of_sound_i = compute_speed_of_sound(density_i, pressure_i);
    float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y, flux_contribution_i_momentum_z;
    float3 flux_contribution_i_density_energy;
    compute_flux_contribution(density_i, momentum_i, density_energy_i, pressure_i, velocity_i, flux_contribution_i_momentum_x, flux_contribution_i_momentum_y, flux_contribution_i_momentum_z, flux_contribution_i_density_energy);
    float flux_i_density = float(0.0f);
    float3 flux_i_momentum; flux_i_momentum.x = float(0.0f); flux_i_momentum.y = float(0.0f); flux_i_momentum.z = float(0.0f);
    float flux_i_density_energy = float(0.0f);
    float3 velocity_nb;
    float density_nb, density_energy_nb;
    float3 momentum_nb;
    float3 flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y, flux_contribution_nb_momentum_z;
    float3 flux_contribution_nb_density_energy;
    float speed_sqd_nb, speed_of_sound_nb, pressure_nb;
#pragma unroll
    for (j = 0; j < NNB; j++) {
        nb = elements_surrounding_elements[i + j * nelr];
        normal.x = normals[i + (j + 0 * NNB) * nelr];
        normal.y = normals[i + (j + 1 * NNB) * nelr];
        normal.z = normals[i + (j + 2 * NNB) * nelr];
        normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
        if (nb >= 0) {
            density_nb = variables[nb + VAR_DENSITY * nelr];
            momentum_nb.x = variables[nb + (VAR_MOMENTUM + 0) * nelr];
            momentum_nb.y = variables[nb + (VAR_MOMENTUM + 1) * nelr];
            momentum_nb.z = variables[nb + (VAR_MOMENTUM + 2) * nelr];
            density_energy_nb = variables[nb + VAR_DENSITY_ENERGY * nelr];
            compute_velocity(density_nb, momentum_nb, velocity_nb);
            speed_sqd_nb = compute_speed_sqd(velocity_nb);
            pressure_nb = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
            speed_of_sound_nb = compute_speed_of_sound(density_nb, pressure_nb);
            compute_flux_contribution(density_nb, momentum_nb, density_energy_nb, pressure_nb, velocity_nb, flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y, flux_contribution_nb_momentum_z, flux_contribution_nb_density_energy);
            factor = -normal_len * smoothing_coefficient * float(0.5f) * (speed_i + sqrtf(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
            flux_i_density += factor * (density_i - density_nb);
            flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
            flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
            flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
            flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);
            factor = float(0.5f) * normal.x;
            flux_i_density += factor * (momentum_nb.x + momentum_i.x);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.x + flux_contribution_i_density_energy.x);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.x + flux_contribution_i_momentum_x.x);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.x + flux_contribution_i_momentum_y.x);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.x + flux_contribution_i_momentum_z.x);
            factor = float(0.5f) * normal.y;
            flux_i_density += factor * (momentum_nb.y + momentum_i.y);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.y + flux_contribution_i_density_energy.y);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.y + flux_contribution_i_momentum_x.y);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.y + flux_contribution_i_momentum_y.y);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.y + flux_contribution_i_momentum_z.y);
            factor = float(0.5f) * normal.z;
            flux_i_density += factor * (momentum_nb.z + momentum_i.z);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.z + flux_contribution_i_density_energy.z);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.z + flux_contribution_i_momentum_x.z);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.z + flux_contribution_i_momentum_y.z);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.z + flux_contribution_i_momentum_z.z);
        } else if (nb == -1) {
            flux_i_momentum.x += normal.x * pressure_i;
            flux_i_momentum.y += normal.y * pressure_i;
            flux_i_momentum.z += normal.z * pressure_i;
        } else if (nb == -2) {
            factor = float(0.5f) * normal.x;
            flux_i_density += factor * (ff_variable[VAR_MOMENTUM + 0] + momentum_i.x);
            flux_i_density_energy += factor * (ff_flux_contribution_density_energy[0].x + flux_contribution_i_density_energy.x);
            flux_i_momentum.x += factor * (ff_flux_contribution_momentum_x[0].x + flux_contribution_i_momentum_x.x);
            flux_i_momentum.y += factor * (ff_flux_contribution_momentum_y[0].x + flux_contribution_i_momentum_y.x);
            flux_i_momentum.z += factor * (ff_flux_contribution_momentum_z[0].x + flux_contribution_i_momentum_z.x);
            factor = float(0.5f) * normal.y;
            flux_i_density += factor * (ff_variable[VAR_MOMENTUM + 1] + momentum_i.y);
            flux_i_density_energy += factor * (ff_flux_contribution_density_energy[0].y + flux_contribution_i_density_energy.y);
            flux_i_momentum.x += factor * (ff_flux_contribution_momentum_x[0].y + flux_contribution_i_momentum_x.y);
            flux_i_momentum.y += factor * (ff_flux_contribution_momentum_y[0].y + flux_contribution_i_momentum_y.y);
            flux_i_momentum.z += factor * (ff_flux_contribution_momentum_z[0].y + flux_contribution_i_momentum_z.y);
            factor = float(0.5f) * normal.z;
            flux_i_density += factor * (ff_variable[VAR_MOMENTUM + 2] + momentum_i.z);
            flux_i_density_energy += factor * (ff_flux_contribution_density_energy[0].z + flux_contribution_i_density_energy.z);
            flux_i_momentum.x += factor * (ff_flux_contribution_momentum_x[0].z + flux_contribution_i_momentum_x.z);
            flux_i_momentum.y += factor * (ff_flux_contribution_momentum_y[0].z + flux_contribution_i_momentum_y.z);
            flux_i_momentum.z += factor * (ff_flux_contribution_momentum_z[0].z + flux_contribution_i_momentum_z.z);
        }
    }
    fluxes[i + VAR_DENSITY * nelr] = flux_i_density;
    fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_i_momentum.x;
    fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_i_momentum.y;
    fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_i_momentum.z;
    fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_i_density_energy;
}
__global__ void cuda_time_step(int j, int nelr, float* old_variables, float* variables, float* step_factors, float* fluxes) {
    const int i = (blockDim.x * blockIdx.x + threadIdx.x);
    float factor = step_factors[i] / float(RK + 1 - j);
    variables[i + VAR_DENSITY * nelr] = old_variables[i + VAR_DENSITY * nelr] + factor * fluxes[i + VAR_DENSITY * nelr];
    variables[i + VAR_DENSITY_ENERGY * nelr] = old_variables[i + VAR_DENSITY_ENERGY * nelr] + factor * fluxes[i + VAR_DENSITY_ENERGY * nelr];
    variables[i + (VAR_MOMENTUM + 0) * nelr] = old_variables[i + (VAR_MOMENTUM + 0) * nelr] + factor * fluxes[i + (VAR_MOMENTUM + 0) * nelr];
    variables[i + (VAR_MOMENTUM + 1) * nelr] = old_variables[i + (VAR_MOMENTUM + 1) * nelr] + factor * fluxes[i + (VAR_MOMENTUM + 1) * nelr];
    variables[i + (VAR_MOMENTUM + 2) * nelr] = old_variables[i + (VAR_MOMENTUM + 2) * nelr] + factor * fluxes[i + (VAR_MOMENTUM + 2) * nelr];
}
int main() {
    float h_ff_variable[NVAR];
    const float angle_of_attack = float(3.1415926535897931 / 180.0f) * float(deg_angle_of_attack);
    h_ff_variable[VAR_DENSITY] = float(1.4);
    float ff_pressure = float(1.0f);
    float ff_speed_of_sound = sqrt(GAMMA * ff_pressure / h_ff_variable[VAR_DENSITY]);
    float ff_speed = float(ff_mach) * ff_speed_of_sound;
    float3 ff_velocity;
    ff_velocity.x = ff_speed * float(cos((float)angle_of_attack));
    ff_velocity.y = ff_speed * float(sin((float)angle_of_attack));
    ff_velocity.z = 0.0f;
    h_ff_variable[VAR_MOMENTUM + 0] = h_ff_variable[VAR_DENSITY] * ff_velocity.x;
    h_ff_variable[VAR_MOMENTUM + 1] = h_ff_variable[VAR_DENSITY] * ff_velocity.y;
    h_ff_variable[VAR_MOMENTUM + 2] = h_ff_variable[VAR_DENSITY] * ff_velocity.z;
    h_ff_variable[VAR_DENSITY_ENERGY] = h_ff_variable[VAR_DENSITY] * (float(0.5f) * (ff_speed * ff_speed)) + (ff_pressure / float(GAMMA - 1.0f));
    float3 h_ff_momentum = {h_ff_variable[VAR_MOMENTUM + 0], h_ff_variable[VAR_MOMENTUM + 1], h_ff_variable[VAR_MOMENTUM + 2]};
    float3 fx, fy, fz, fe;
    {
        float d = h_ff_variable[VAR_DENSITY], de = h_ff_variable[VAR_DENSITY_ENERGY];
        compute_flux_contribution(d, h_ff_momentum, de, ff_pressure, ff_velocity, fx, fy, fz, fe);
    }
    CK(cudaMemcpyToSymbol(ff_variable, h_ff_variable, NVAR * sizeof(float)));
    CK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_x, &fx, sizeof(float3)));
    CK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_y, &fy, sizeof(float3)));
    CK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_z, &fz, sizeof(float3)));
    CK(cudaMemcpyToSymbol(ff_flux_contribution_density_energy, &fe, sizeof(float3)));
    const int GX = 30, GY = 20;
    int nel = GX * GY;
    int nelr = block_length * ((nel / block_length) + std::min(1, nel % block_length));
    std::vector<float> areas(nelr), normals(NDIM * NNB * nelr);
    std::vector<int> ese(nelr * NNB);
    for (int i = 0; i < nelr; i++) {
        int x = i % GX, y = i / GX;
        bool real = i < nel;
        areas[i] = 0.01f * (1.0f + (i % 7) * 0.1f);
        int nbs[4] = {x > 0 ? i - 1 : -2, x < GX - 1 ? i + 1 : -2, y > 0 ? i - GX : -1, y < GY - 1 ? i + GX : -1};
        float nx[4] = {-0.1f, 0.1f, 0.0f, 0.0f}, ny[4] = {0.0f, 0.0f, -0.1f, 0.1f}, nz[4] = {0.01f, -0.01f, 0.02f, -0.02f};
        for (int j = 0; j < NNB; j++) {
            ese[i + j * nelr] = real ? nbs[j] : -3;
            normals[i + (j + 0 * NNB) * nelr] = nx[j] * (1.0f + 0.01f * (i % 5));
            normals[i + (j + 1 * NNB) * nelr] = ny[j];
            normals[i + (j + 2 * NNB) * nelr] = nz[j];
        }
    }
    float *d_areas, *d_normals, *d_vars, *d_old, *d_fluxes, *d_step; int* d_ese;
    CK(cudaMalloc(&d_areas, nelr * 4)); CK(cudaMalloc(&d_normals, normals.size() * 4)); CK(cudaMalloc(&d_ese, ese.size() * 4));
    CK(cudaMalloc(&d_vars, nelr * NVAR * 4)); CK(cudaMalloc(&d_old, nelr * NVAR * 4)); CK(cudaMalloc(&d_fluxes, nelr * NVAR * 4)); CK(cudaMalloc(&d_step, nelr * 4));
    CK(cudaMemcpy(d_areas, areas.data(), nelr * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_normals, normals.data(), normals.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_ese, ese.data(), ese.size() * 4, cudaMemcpyHostToDevice));
    dim3 Db(block_length), Dg(nelr / block_length);
    cuda_initialize_variables<<<Dg, Db>>>(nelr, d_vars);
    cuda_initialize_variables<<<Dg, Db>>>(nelr, d_old);
    cuda_initialize_variables<<<Dg, Db>>>(nelr, d_fluxes);
    // a perturbation so the flow is not uniform
    std::vector<float> v(nelr * NVAR);
    CK(cudaMemcpy(v.data(), d_vars, v.size() * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < nel; i++) v[i + VAR_DENSITY * nelr] *= 1.0f + 0.05f * ((i * 13) % 9) / 9.0f;
    CK(cudaMemcpy(d_vars, v.data(), v.size() * 4, cudaMemcpyHostToDevice));
    for (int it = 0; it < 3; it++) {
        CK(cudaMemcpy(d_old, d_vars, nelr * NVAR * 4, cudaMemcpyDeviceToDevice));
        cuda_compute_step_factor<<<Dg, Db>>>(nelr, d_vars, d_areas, d_step);
        for (int j = 0; j < RK; j++) {
            cuda_compute_flux<<<Dg, Db>>>(nelr, d_ese, d_normals, d_vars, d_fluxes);
            cuda_time_step<<<Dg, Db>>>(j, nelr, d_old, d_vars, d_step, d_fluxes);
        }
    }
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(v.data(), d_vars, v.size() * 4, cudaMemcpyDeviceToHost));
    printf("cfd: nel %d nelr %d\n", nel, nelr);
    for (int k = 0; k < NVAR; k++) {
        double s = 0; for (int i = 0; i < nel; i++) s += v[i + k * nelr];
        printf("  var %d: sum %.9g samples %a %a %a\n", k, s, v[7 + k * nelr], v[301 + k * nelr], v[nel - 1 + k * nelr]);
    }
    return 0;
}
