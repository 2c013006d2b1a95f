// Notebook 000 (lessons/the-cat-sat.json): every printed number.
#include <doctest/doctest.h>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("000 In[1]: input X (word embeddings)") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "X"), R"([[1. 0. 1. 0.]
 [0. 2. 0. 2.]
 [1. 1. 1. 1.]])",
                kDigits8);
}

TEST_CASE("000 In[4]: weight matrices from np.random.seed(0); rand(4, 4) x3") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "W_q"), R"([[0.5488135  0.71518937 0.60276338 0.54488318]
 [0.4236548  0.64589411 0.43758721 0.891773  ]
 [0.96366276 0.38344152 0.79172504 0.52889492]
 [0.56804456 0.92559664 0.07103606 0.0871293 ]])",
                kDigits8);
  check_printed(trace_matrix(t, "W_k"), R"([[0.0202184  0.83261985 0.77815675 0.87001215]
 [0.97861834 0.79915856 0.46147936 0.78052918]
 [0.11827443 0.63992102 0.14335329 0.94466892]
 [0.52184832 0.41466194 0.26455561 0.77423369]])",
                kDigits8);
  check_printed(trace_matrix(t, "W_v"), R"([[0.45615033 0.56843395 0.0187898  0.6176355 ]
 [0.61209572 0.616934   0.94374808 0.6818203 ]
 [0.3595079  0.43703195 0.6976312  0.06022547]
 [0.66676672 0.67063787 0.21038256 0.1289263 ]])",
                kDigits8);
}

TEST_CASE("000 In[4]: query Q and key K") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "Q"), R"([[1.51247626 1.09863089 1.39448841 1.0737781 ]
 [1.98339872 3.1429815  1.01724654 1.9578046 ]
 [2.50417562 2.67012164 1.90311168 2.0526804 ]])",
                kDigits8);
  check_printed(trace_matrix(t, "K"), R"([[0.13849282 1.47254087 0.92151004 1.81468107]
 [3.00093333 2.42764101 1.45206995 3.10952573]
 [1.63895949 2.68636137 1.64754501 3.36944393]])",
                kDigits8);
}

TEST_CASE("000 In[4]: value V (cut off in the export; numpy's print of X @ W_v)") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "V"), R"([[0.81565823 1.0054659  0.716421   0.67786097]
 [2.55772488 2.57514373 2.30826128 1.62149319]
 [2.09452067 2.29303777 1.87055164 1.48860757]])",
                kDigits8);
}

TEST_CASE("000 In[5]: scores Q·Kᵀ / sqrt(dk)") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "scaled"), R"([[ 2.53042292  6.28487859  5.67286222]
 [ 4.69652452 10.57351751  9.98328327]
 [ 4.87868518 11.57163735 10.66450385]])",
                kDigits8);
}

TEST_CASE("000 In[6]: attention weights (after softmax)") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "weights"), R"([[0.01495411 0.63870437 0.34634152]
 [0.00180039 0.64226049 0.35593913]
 [0.00088234 0.71178464 0.28733302]])",
                kDigits8);
}

TEST_CASE("000 In[7]: final output (weighted sum of V)") {
  const Trace t = notebook_trace("the-cat-sat");
  check_printed(trace_matrix(t, "output"), R"([[2.37124698 2.45396559 2.13285971 1.56135821]
 [2.38971598 2.47190516 2.14959736 1.5724951 ]
 [2.42309392 2.49270038 2.1810883  1.58247816]])",
                kDigits8);
}
