// Sums written out term by term (written_sums.h).
#include "core/trace/written_sums.h"

#include "core/text/number_text.h"
#include "core/text/translation.h"

namespace attn {

// A factor inside a product: negative numbers in parentheses.
std::string factor(double v, int digits) {
  const std::string s = number_text(v, digits);
  return v < 0 ? "(" + s + ")" : s;
}

// "a + b + c", eliding the middle of long sums.
std::string join_terms(const std::vector<std::string>& terms) {
  std::string out;
  const size_t n = terms.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 3) {
      out += " + ";
      // TRANSLATORS: inside a long sum written out term by term, in place of the terms left
      // out: "1×2 + 3×4 + 5×6 + … (5 more) … + 7×8". {count} is at least 5.
      out += trf("… ({count} more) …", {{"count", std::to_string(n - 4)}});
      i = n - 2;
      continue;
    }
    if (i) out += " + ";
    out += terms[i];
  }
  return out;
}

Products products(int n, const std::function<double(int)>& a, const std::function<double(int)>& b,
                  int digits) {
  Products p;
  for (int i = 0; i < n; ++i) {
    const double x = a(i), y = b(i);
    p.sum += x * y;
    p.terms.push_back(factor(x, digits) + "×" + factor(y, digits));
  }
  return p;
}

}  // namespace attn
