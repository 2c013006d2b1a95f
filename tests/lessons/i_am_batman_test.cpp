// Notebook 001 (lessons/i-am-batman.json): every printed number.
#include <doctest/doctest.h>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("001 In[41]-[43]: Q = X @ W_q.T, K, and V (In[34])") {
  const Trace t = notebook_trace("i-am-batman");
  check_printed(trace_matrix(t, "Q"), "array([[1., 3.],\n       [0., 0.],\n       [2., 4.]])",
                kDigits8);
  check_printed(trace_matrix(t, "K"), "array([[0.5, 1.5],\n       [0. , 0. ],\n       [1. , 1. ]])",
                kDigits8);
  check_printed(trace_matrix(t, "V"), "array([[1. , 0.5],\n       [0. , 0. ],\n       [0.5, 1. ]])",
                kDigits8);
}

TEST_CASE("001 In[44]: scores = Q @ K.T") {
  const Trace t = notebook_trace("i-am-batman");
  check_printed(trace_matrix(t, "scores"),
                "array([[5., 0., 4.],\n       [0., 0., 0.],\n       [7., 0., 6.]])", kDigits8);
}

TEST_CASE("001 In[47]: scaled_scores") {
  const Trace t = notebook_trace("i-am-batman");
  check_printed(trace_matrix(t, "scaled"), R"(array([[3.53553391, 0.        , 2.82842712],
       [0.        , 0.        , 0.        ],
       [4.94974747, 0.        , 4.24264069]]))",
                kDigits8);
}

TEST_CASE("001 In[50]: attention_weights (softmax row-wise)") {
  const Trace t = notebook_trace("i-am-batman");
  check_printed(trace_matrix(t, "weights"), R"(array([[0.65693877, 0.01914529, 0.32391594],
       [0.33333333, 0.33333333, 0.33333333],
       [0.66659828, 0.00472298, 0.32867874]]))",
                kDigits8);
}

TEST_CASE("001 In[53]: output = attention_weights @ V") {
  const Trace t = notebook_trace("i-am-batman");
  check_printed(trace_matrix(t, "output"), R"(array([[0.81889674, 0.65238532],
       [0.5       , 0.5       ],
       [0.83093765, 0.66197788]]))",
                kDigits8);
}
