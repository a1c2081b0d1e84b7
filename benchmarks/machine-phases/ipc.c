// Eight independent integer chains per iteration: high instruction throughput, no memory
// traffic. Prints milliseconds per batch of 30M iterations. Usage: ipc [batches]
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <stdint.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){ int nb=argc>1?atoi(argv[1]):40; uint64_t a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8; printf("ipc batches(ms):");
  for(int k=0;k<nb;k++){ double t0=now(); for(long i=0;i<30000000;i++){ a+=i; b^=a; c+=b>>1; d^=i; e+=d; f^=e>>3; g+=f; h^=g+i; __asm__ volatile("":"+r"(a),"+r"(b),"+r"(c),"+r"(d),"+r"(e),"+r"(f),"+r"(g),"+r"(h)); }
  printf(" %.1f",(now()-t0)*1e3);} printf(" %d\n",(int)((a^b^c^d^e^f^g^h)&1)); }
