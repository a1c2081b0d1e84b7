// Expression shapes whose multiply-add contraction nvcc 13.0 decides (crates/nvcc/tests/float_options.rs).
__global__ void k1(float *o, const float *i) { float a=i[0],b=i[1]; o[0] = a*a - b*b; }
__global__ void k2(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3]; o[0] = a*b + c*d; }
__global__ void k3(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3]; o[0] = a*b - c*d; }
__global__ void k4(float *o, const float *i) { float x=i[0],y=i[1]; o[0] = x*x + y*y; }
__global__ void k5(float *o, const float *i) { float a=i[0],b=i[1],c=i[2]; o[0] = a*b - c; }
__global__ void k6(float *o, const float *i) { float a=i[0],b=i[1],c=i[2]; o[0] = c - a*b; }
__global__ void k7(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3],e=i[4],f=i[5]; o[0] = a*b + c*d + e*f; }
__global__ void k8(float *o, const float *i) { float x=i[0],y=i[1],cx=i[2]; o[0] = x*x - y*y + cx; }
__global__ void k9(float *o, const float *i) { float x=i[0],y=i[1],cy=i[2]; o[0] = 2.0f*x*y + cy; }
__global__ void k10(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3]; o[0] = c*d + a*b; }
__global__ void k11(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3]; o[0] = -(a*b) + c*d; }
__global__ void k12(float *o, const float *i) { float a=i[0],b=i[1],c=i[2],d=i[3]; float p = a*b; float q = c*d; o[0] = p - q; }
__global__ void k13(float *o, const float *i) { float x=i[0],y=i[1]; float xx=x*x, yy=y*y; o[0] = xx + yy; o[1] = xx - yy; }
