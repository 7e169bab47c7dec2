package cache

import "container/list"

// LRU is a least-recently-used cache holding at most Capacity entries.
type LRU struct {
	Capacity int
	order    *list.List
	items    map[string]*list.Element
}

type entry struct {
	key   string
	value any
}

// New creates an empty cache for capacity entries.
func New(capacity int) *LRU {
	return &LRU{Capacity: capacity, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns the value for key and marks it recently used.
func (c *LRU) Get(key string) (any, bool) {
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry).value, true
}

// Put stores value under key, evicting the least recently used entry when full.
func (c *LRU) Put(key string, value any) {
	if el, ok := c.items[key]; ok {
		el.Value.(*entry).value = value
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&entry{key, value})
	if c.order.Len() > c.Capacity {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.items, oldest.Value.(*entry).key)
	}
}
