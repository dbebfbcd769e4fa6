// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pool} from "./Pool.sol";

/// Deploys one pool per payout address with CREATE2 (salt = keccak256(abi.encode(payout))), so a
/// pool's address is fixed before it exists. `poolOf` answers that address whether or not the
/// pool is deployed yet; callers check for code.
contract PoolFactory {
    event PoolCreated(address indexed payout, address pool);

    function poolOf(address payout) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(Pool).creationCode, abi.encode(payout)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), keccak256(abi.encode(payout)), initCodeHash)))));
    }

    function createPool(address payout) external returns (address pool) {
        pool = address(new Pool{salt: keccak256(abi.encode(payout))}(payout));
        emit PoolCreated(payout, pool);
    }
}
