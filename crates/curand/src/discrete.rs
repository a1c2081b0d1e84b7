//! Discrete distributions for the device API's `curand_discrete`: the Poisson distribution of a
//! mean as Marsaglia, Tsang and Wang's square histogram ("Fast generation of discrete random
//! variables", J. Stat. Software 11(3), 2004). Column j of n covers uniforms in [j/n, (j+1)/n):
//! below V[j] its value is shift + j, above shift + K[j]. The columns are filled by Vose's
//! linear-time alias construction, which yields such a histogram. NVIDIA's tables are its own
//! (undocumented truncation and fill order), so the same draws give other counts of the same
//! distribution.

/// A square histogram of the values `shift .. shift + v.len()`.
#[derive(Debug, Clone, PartialEq)]
pub struct SquareHistogram {
    /// The smallest value.
    pub shift: u32,
    /// Column j's threshold, in (j/n, (j+1)/n].
    pub v: Vec<f64>,
    /// Column j's other value, less `shift`.
    pub k: Vec<u32>,
}

/// Probabilities below this are left out (a 32-bit draw cannot reach them).
const NEGLIGIBLE: f64 = 1.0 / 18_446_744_073_709_551_616.0;

/// Means above this take the normal approximation instead, as NVIDIA's do (an H200 shows a
/// table for a mean of 1000 and the approximation, CURAND_DISCRETE_GAUSS, for 70000:
/// `tests/gpu-programs/curand_discrete_gauss.txt`); where between NVIDIA switches is not known,
/// so Cuprite switches where the device API's `curand_poisson` does.
pub const LARGEST_TABULATED_MEAN: f64 = 4000.0;

/// ln(m!), summed for small m, by Stirling's series beyond (its error is below 1e-17 there).
fn ln_factorial(m: u64) -> f64 {
    if m < 4096 {
        return (2..=m).map(|i| (i as f64).ln()).sum();
    }
    let x = m as f64;
    let inv = 1.0 / x;
    let inv2 = inv * inv;
    x * x.ln() - x + 0.5 * (std::f64::consts::TAU * x).ln() + inv * (1.0 / 12.0 - inv2 * (1.0 / 360.0 - inv2 / 1260.0))
}

/// The Poisson probabilities of `lambda` (positive, at most [`LARGEST_TABULATED_MEAN`]) that
/// are not negligible: (the first value, the probabilities from it on), normalized.
fn poisson_probabilities(lambda: f64) -> (u32, Vec<f64>) {
    let mode = lambda.floor() as u64;
    let ln_lambda = lambda.ln();
    let at_mode = (mode as f64).mul_add(ln_lambda, -lambda) - ln_factorial(mode);
    let mut below = Vec::new();
    let mut log_p = at_mode;
    let mut k = mode;
    while k > 0 {
        log_p -= ln_lambda - (k as f64).ln();
        k -= 1;
        if log_p.exp() < NEGLIGIBLE {
            k += 1;
            break;
        }
        below.push(log_p.exp());
    }
    let first = k;
    below.reverse();
    let mut p = below;
    let mut log_p = at_mode;
    let mut k = mode;
    loop {
        p.push(log_p.exp());
        k += 1;
        log_p += ln_lambda - (k as f64).ln();
        if log_p.exp() < NEGLIGIBLE {
            break;
        }
    }
    let total: f64 = p.iter().sum();
    for x in &mut p {
        *x /= total;
    }
    (first as u32, p)
}

/// The square histogram of the Poisson distribution of `lambda`.
pub fn poisson_histogram(lambda: f64) -> SquareHistogram {
    let (shift, p) = poisson_probabilities(lambda);
    let n = p.len();
    // Vose: each column's own share (scaled so that a full column is 1) and its alias.
    let mut share: Vec<f64> = p.iter().map(|x| x * n as f64).collect();
    let mut alias: Vec<u32> = (0..n as u32).collect();
    let (mut small, mut large): (Vec<usize>, Vec<usize>) = (0..n).partition(|&i| share[i] < 1.0);
    while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
        alias[s] = l as u32;
        share[l] -= 1.0 - share[s];
        if share[l] < 1.0 {
            large.pop();
            small.push(l);
        }
    }
    // What is left is full (rounding aside).
    for i in small.into_iter().chain(large) {
        share[i] = 1.0;
    }
    let v = share.iter().enumerate().map(|(j, s)| (j as f64 + s) / n as f64).collect();
    SquareHistogram { shift, v, k: alias }
}

impl SquareHistogram {
    /// The value for a uniform `u` in (0, 1] (as the device API's `curand_discrete`).
    pub fn value(&self, u: f64) -> u32 {
        let n = self.v.len();
        let j = ((n as f64 * u) as usize).min(n - 1);
        self.shift + if u < self.v[j] { j as u32 } else { self.k[j] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The histogram reproduces the Poisson probabilities: the measure of the uniforms giving
    /// each value (from the thresholds) is its probability.
    #[test]
    fn histogram_measures_are_the_probabilities() {
        for lambda in [0.5, 4.5, 37.25, 1000.0, 70000.0] {
            let h = poisson_histogram(lambda);
            let n = h.v.len();
            let mut measure = vec![0.0f64; n];
            for j in 0..n {
                let own = h.v[j] - j as f64 / n as f64;
                measure[j] += own;
                measure[h.k[j] as usize] += 1.0 / n as f64 - own;
            }
            let ln_lambda = lambda.ln();
            let mut worst = 0.0f64;
            for (i, m) in measure.iter().enumerate() {
                let k = u64::from(h.shift) + i as u64;
                let want = ((k as f64) * ln_lambda - lambda - ln_factorial(k)).exp();
                worst = worst.max((m - want).abs());
            }
            assert!(worst < 1e-12, "lambda {lambda}: {worst}");
            // Mean of the histogram's values.
            let mean: f64 = measure.iter().enumerate().map(|(i, m)| m * (f64::from(h.shift) + i as f64)).sum();
            assert!((mean - lambda).abs() < 1e-9 * lambda.max(1.0), "lambda {lambda}: mean {mean}");
        }
    }

    #[test]
    fn values_are_in_the_support() {
        let h = poisson_histogram(4.5);
        assert_eq!(h.shift, 0);
        assert_eq!(h.value(1e-300), 0);
        assert!(h.value(1.0) < h.shift + h.v.len() as u32);
        // A large mean's support: the values within 8 to 10 standard deviations (where a
        // probability falls below 2^-64).
        let big = poisson_histogram(70000.0);
        let sigma = 70000f64.sqrt();
        let (low, high) = (f64::from(big.shift), f64::from(big.shift) + big.v.len() as f64);
        assert!(low < 70000.0 - 8.0 * sigma && low > 70000.0 - 10.0 * sigma, "{low}");
        assert!(high > 70000.0 + 8.0 * sigma && high < 70000.0 + 10.0 * sigma, "{high}");
    }
}
