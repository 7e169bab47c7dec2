package graph

import "errors"

// TopoSort orders the nodes of a dependency graph so that every node comes after the nodes it depends on (Kahn's algorithm).
// It fails when the graph has a cycle.
func TopoSort(deps map[string][]string) ([]string, error) {
	indegree := map[string]int{}
	dependents := map[string][]string{}
	for node, requires := range deps {
		if _, ok := indegree[node]; !ok {
			indegree[node] = 0
		}
		for _, r := range requires {
			indegree[node]++
			dependents[r] = append(dependents[r], node)
			if _, ok := indegree[r]; !ok {
				indegree[r] = 0
			}
		}
	}
	var queue, order []string
	for node, d := range indegree {
		if d == 0 {
			queue = append(queue, node)
		}
	}
	for len(queue) > 0 {
		node := queue[0]
		queue = queue[1:]
		order = append(order, node)
		for _, next := range dependents[node] {
			if indegree[next]--; indegree[next] == 0 {
				queue = append(queue, next)
			}
		}
	}
	if len(order) != len(indegree) {
		return nil, errors.New("dependency cycle")
	}
	return order, nil
}
