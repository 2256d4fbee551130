/// Finds the shared references inside a state value by reflection. Used once when a Store
/// starts observing and by TestStore to snapshot shared values; never per action.
package enum SharedDiscovery {
    package static func references(in value: Any) -> [any AnySharedBox] {
        var found: [ObjectIdentifier: any AnySharedBox] = [:]
        collect(value, into: &found, depth: 0)
        return Array(found.values)
    }

    private static func collect(_ value: Any, into found: inout [ObjectIdentifier: any AnySharedBox], depth: Int) {
        if let box = value as? any AnySharedBox {
            found[box.boxID] = box
            return
        }
        guard depth < 32 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            return  // Only the state's own value tree is searched.
        default:
            for child in mirror.children {
                collect(child.value, into: &found, depth: depth + 1)
            }
        }
    }
}

extension AnySharedBox {
    func subscribe(_ subscriber: some SharedSubscriber) -> SharedSubscription {
        subscribeAny(subscriber)
    }
}
