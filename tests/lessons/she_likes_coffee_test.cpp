// Notebook 004 (lessons/she-likes-coffee.json): every printed number.
#include <doctest/doctest.h>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("004 In[29]: Q and K.T") {
  const Trace t = notebook_trace("she-likes-coffee");
  check_printed(trace_matrix(t, "Q"), R"([[0.33 0.89 0.25 0.57]
 [0.84 0.44 0.76 0.36]
 [0.54 0.7  0.46 0.94]])",
                kDigits8);
  check_printed(trace_matrix(t, "K_T"), R"([[0.33 0.84 0.54]
 [0.89 0.44 0.7 ]
 [0.25 0.76 0.46]
 [0.57 0.36 0.94]])",
                kDigits8);
}

TEST_CASE("004 In[31]: scores") {
  const Trace t = notebook_trace("she-likes-coffee");
  check_printed(trace_matrix(t, "scores"), R"(array([[1.2884, 1.064 , 1.452 ],
       [1.064 , 1.6064, 1.4496],
       [1.452 , 1.4496, 1.8768]]))",
                kDigits8);
}

TEST_CASE("004 In[39]: scaled_scores") {
  const Trace t = notebook_trace("she-likes-coffee");
  check_printed(trace_matrix(t, "scaled"), R"(array([[0.6442, 0.532 , 0.726 ],
       [0.532 , 0.8032, 0.7248],
       [0.726 , 0.7248, 0.9384]]))",
                kDigits8);
}

TEST_CASE("004 In[51]: attention_weights") {
  const Trace t = notebook_trace("she-likes-coffee");
  check_printed(trace_matrix(t, "weights"), R"(array([[0.33567137, 0.30004505, 0.36428358],
       [0.28375415, 0.37215416, 0.34409169],
       [0.30907667, 0.308706  , 0.38221733]]))",
                kDigits8);
}

TEST_CASE("004 In[53]: output") {
  const Trace t = notebook_trace("she-likes-coffee");
  check_printed(trace_matrix(t, "output"),
                R"(array([[0.57530294, 0.70527381, 0.50530294, 0.64177546],
       [0.60019479, 0.68822737, 0.53019479, 0.61916155],
       [0.58155011, 0.7007833 , 0.51155011, 0.64659215]]))",
                kDigits8);
}
